import { fileKindOf, type TFileKind } from '@spacecapture/shared/file-kinds';
import type { ReactNode } from 'react';
import { CubeIcon, SvgIcon, type TIconProps } from './icons.tsx';

/** Type icons for files without a thumbnail (decision 138). */
function PointCloudIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <circle cx="6" cy="8" r="1" />
      <circle cx="12" cy="5" r="1" />
      <circle cx="18" cy="9" r="1" />
      <circle cx="9" cy="13" r="1" />
      <circle cx="15" cy="14" r="1" />
      <circle cx="6" cy="18" r="1" />
      <circle cx="12" cy="19" r="1" />
      <circle cx="18" cy="18" r="1" />
    </SvgIcon>
  );
}
function PanoramaIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <ellipse cx="12" cy="12" rx="9" ry="5" />
      <path d="M3 12h18M12 7v10" />
    </SvgIcon>
  );
}
function DocumentIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M6 3h8l4 4v14H6z" />
      <path d="M14 3v4h4M9 12h6M9 16h6" />
    </SvgIcon>
  );
}
function VideoIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <rect x="3" y="6" width="13" height="12" rx="2" />
      <path d="m16 10 5-3v10l-5-3" />
    </SvgIcon>
  );
}
function ImageIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 16 5-5 4 4 3-3 6 6" />
    </SvgIcon>
  );
}
function FileIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M6 3h8l4 4v14H6z" />
      <path d="M14 3v4h4" />
    </SvgIcon>
  );
}

const ICONS: Record<TFileKind, (props: TIconProps) => ReactNode> = {
  image: ImageIcon,
  mesh: CubeIcon,
  point_cloud: PointCloudIcon,
  panorama: PanoramaIcon,
  pdf: DocumentIcon,
  video: VideoIcon,
  other: FileIcon,
};

const KIND_LABELS: Record<TFileKind, string> = {
  image: 'Image',
  mesh: '3D mesh',
  point_cloud: 'Point cloud',
  panorama: 'Panorama',
  pdf: 'PDF',
  video: 'Video',
  other: 'File',
};

/**
 * A file's thumbnail (made by the server after upload, behind a signed link the browser may cache),
 * or the icon of its kind while there is none. Decorative: the file's name is next to it.
 */
export function FileThumbnail({
  fileName,
  thumbnailUrl,
  size = 48,
}: {
  fileName: string;
  thumbnailUrl: string | null;
  size?: number;
}) {
  const box = {
    width: size,
    height: size,
    flex: 'none',
    display: 'grid',
    placeItems: 'center',
    borderRadius: 'var(--mantine-radius-sm)',
    background: 'var(--mantine-color-default-hover)',
    overflow: 'hidden',
  } as const;
  if (thumbnailUrl) {
    return (
      <span style={box} data-thumbnail="image">
        <img
          src={thumbnailUrl}
          alt=""
          loading="lazy"
          decoding="async"
          width={size}
          height={size}
          style={{ objectFit: 'cover', width: size, height: size }}
        />
      </span>
    );
  }
  const kind = fileKindOf(fileName);
  const Icon = ICONS[kind];
  return (
    <span style={box} data-thumbnail={kind} title={KIND_LABELS[kind]}>
      <Icon size={Math.round(size * 0.55)} />
    </span>
  );
}
