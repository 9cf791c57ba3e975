import { SvgIcon, type TIconProps } from '../../../components/ui/icons.tsx';

/**
 * The landing page's own copies of 16 marketing icons: its chunk carries only what it draws. Taken
 * from components/ui/marketing-icons.tsx instead, they arrive as a chunk shared with the other
 * public pages, holding every icon any of them draws: 2.1 kB more JS on the landing page
 * (0.6 kB gzipped) and one more request (measured November 2026, decision 087).
 */
export function CheckCircleIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <circle cx="12" cy="12" r="9.5" />
      <path d="m7.5 12.5 3 3 6-6.5" />
    </SvgIcon>
  );
}
export function HomeIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M3.5 11 12 4l8.5 7" />
      <path d="M5.5 9.5V20h13V9.5M10 20v-5h4v5" />
    </SvgIcon>
  );
}
export function StoreIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M4 9.5V20h16V9.5" />
      <path d="M3 9.5 5 4h14l2 5.5a2.7 2.7 0 0 1-4.5 1.5 2.7 2.7 0 0 1-4.5 0 2.7 2.7 0 0 1-4.5 0A2.7 2.7 0 0 1 3 9.5z" />
      <path d="M9.5 20v-5h5v5" />
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
export function FactoryIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M3 21V10l6 4V10l6 4V6l6 3v12z" />
      <path d="M7 17h2M12 17h2M17 17h1" />
    </SvgIcon>
  );
}
export function LandmarkIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M3 9.5 12 4l9 5.5z" />
      <path d="M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20.5h18" />
    </SvgIcon>
  );
}
export function SparklesIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M12 3.5 13.8 9l5.7 1.5-5.7 1.6L12 17.5l-1.8-5.4-5.7-1.6L10.2 9z" />
      <path d="M19 16v4M17 18h4" />
    </SvgIcon>
  );
}
export function ShieldCheckIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M12 3 19.5 6v5.5c0 4.5-3.2 8.2-7.5 9.5-4.3-1.3-7.5-5-7.5-9.5V6z" />
      <path d="m8.5 12 2.5 2.5 4.5-5" />
    </SvgIcon>
  );
}
export function ClockIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3.5 2" />
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
export function HandshakeIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="m11 17 2 2a1.4 1.4 0 0 0 2-2" />
      <path d="m14 14 2.5 2.5a1.4 1.4 0 0 0 2-2L15 11l-2 1.5a2 2 0 0 1-2.5-3L13 7.5a3 3 0 0 1 3.5-.5L21 9" />
      <path d="M3 9l4.5-2.5L11 8M3 9v6l6 5" />
    </SvgIcon>
  );
}
export function LockIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3M12 14.5v2.5" />
    </SvgIcon>
  );
}
export function GlobeIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.7 5.7 3.7 9s-1.2 6.3-3.7 9c-2.5-2.7-3.7-5.7-3.7-9S9.5 5.7 12 3z" />
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
export function CameraIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
      <circle cx="12" cy="13.5" r="3.5" />
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
