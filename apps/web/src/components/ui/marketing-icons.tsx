import { SvgIcon, type TIconProps } from './icons.tsx';

/** Icons of the marketing pages, kept apart so the entry chunk carries only the chrome's icons. */
export function ChevronDownIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="m6 9 6 6 6-6" />
    </SvgIcon>
  );
}
export function CheckCircleIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <circle cx="12" cy="12" r="9.5" />
      <path d="m7.5 12.5 3 3 6-6.5" />
    </SvgIcon>
  );
}
export function BuildingIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <rect x="5" y="3" width="14" height="18" rx="1" />
      <path d="M9 7h2M13 7h2M9 11h2M13 11h2M9 15h2M13 15h2M10.5 21v-3h3v3" />
    </SvgIcon>
  );
}
export function BadgeCheckIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <circle cx="12" cy="9.5" r="6" />
      <path d="m9.5 9.5 1.8 1.8 3.2-3.3M8.5 14.5 7 21l5-2.5 5 2.5-1.5-6.5" />
    </SvgIcon>
  );
}
export function ClipboardIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <rect x="5" y="4.5" width="14" height="16.5" rx="2" />
      <path d="M9 4.5V3h6v1.5M9 11h6M9 15h4" />
    </SvgIcon>
  );
}
export function UsersIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.8a3.5 3.5 0 0 1 0 6.4M18 14.5a6.5 6.5 0 0 1 3.5 5.5" />
    </SvgIcon>
  );
}
export function DownloadIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M12 4v11M7 10.5l5 5 5-5" />
      <path d="M4 17v2.5A1.5 1.5 0 0 0 5.5 21h13a1.5 1.5 0 0 0 1.5-1.5V17" />
    </SvgIcon>
  );
}
export function CameraIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
      <circle cx="12" cy="13.5" r="3.5" />
    </SvgIcon>
  );
}
export function BriefcaseIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <rect x="3" y="7" width="18" height="13" rx="2" />
      <path d="M9 7V5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2M3 12.5h18" />
    </SvgIcon>
  );
}
export function TrendingUpIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="m3 17 6-6 4 4 8-8M15 7h6v6" />
    </SvgIcon>
  );
}
export function CalendarIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </SvgIcon>
  );
}
export function StarIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="m12 3.5 2.6 5.3 5.9.9-4.2 4.1 1 5.8-5.3-2.8-5.3 2.8 1-5.8-4.2-4.1 5.9-.9z" />
    </SvgIcon>
  );
}
export function LinkedInIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d="M8 10.5V17M8 7.5v.01M11.5 17v-6.5M11.5 13.5c0-1.7 1.1-3 2.7-3s2.3 1.1 2.3 2.8V17" />
    </SvgIcon>
  );
}
export function TwitterIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M21 6.5a7.5 7.5 0 0 1-2.2.6 3.8 3.8 0 0 0 1.7-2.1 7.6 7.6 0 0 1-2.4.9 3.8 3.8 0 0 0-6.5 3.5A10.8 10.8 0 0 1 3.8 5.4a3.8 3.8 0 0 0 1.2 5.1 3.8 3.8 0 0 1-1.7-.5 3.8 3.8 0 0 0 3 3.8 3.8 3.8 0 0 1-1.7.1 3.8 3.8 0 0 0 3.6 2.6A7.6 7.6 0 0 1 3 18.1 10.8 10.8 0 0 0 8.8 19.8c7 0 10.8-5.8 10.8-10.8v-.5A7.7 7.7 0 0 0 21 6.5z" />
    </SvgIcon>
  );
}
export function InstagramIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5v.01" />
    </SvgIcon>
  );
}
