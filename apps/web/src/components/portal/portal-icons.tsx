import { SvgIcon, type TIconProps } from '../ui/icons.tsx';

/** Line icons of the portal chrome and sidebars (24×24, decorative). */

export function DashboardIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <rect x="3.5" y="3.5" width="7" height="9" rx="1.5" />
      <rect x="13.5" y="3.5" width="7" height="5" rx="1.5" />
      <rect x="13.5" y="11.5" width="7" height="9" rx="1.5" />
      <rect x="3.5" y="15.5" width="7" height="5" rx="1.5" />
    </SvgIcon>
  );
}
export function ListIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M9 6h11M9 12h11M9 18h11" />
      <path d="M4.5 6h.01M4.5 12h.01M4.5 18h.01" strokeWidth={2.6} />
    </SvgIcon>
  );
}
export function ReceiptIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M6 2.5h12v19l-3-2-3 2-3-2-3 2z" />
      <path d="M9 7.5h6M9 11.5h6M9 15.5h3" />
    </SvgIcon>
  );
}
export function HelpIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.2a2.6 2.6 0 0 1 5 .9c0 1.7-2.5 2.3-2.5 3.9M12 17.2h.01" />
    </SvgIcon>
  );
}
export function UploadIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M12 15V4M7.5 8.5 12 4l4.5 4.5" />
      <path d="M4 15v3.5A1.5 1.5 0 0 0 5.5 20h13a1.5 1.5 0 0 0 1.5-1.5V15" />
    </SvgIcon>
  );
}
export function InboxIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M3.5 13.5 6 5h12l2.5 8.5V19a1 1 0 0 1-1 1h-15a1 1 0 0 1-1-1z" />
      <path d="M3.5 13.5h5l1.5 2.5h4l1.5-2.5h5" />
    </SvgIcon>
  );
}
export function ChartIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M4 20h16M7 16v-5M12 16V6M17 16v-8" />
    </SvgIcon>
  );
}
export function HistoryIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M3.5 12a8.5 8.5 0 1 0 2.5-6L3.5 8.5" />
      <path d="M3.5 4v4.5H8M12 7.5V12l3 2" />
    </SvgIcon>
  );
}
export function SettingsIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1" />
    </SvgIcon>
  );
}
export function SendIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M21 3 10 14M21 3l-6.5 18-4.5-7-7-4.5z" />
    </SvgIcon>
  );
}
export function CpuIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <rect x="6" y="6" width="12" height="12" rx="1.5" />
      <path d="M9.5 9.5h5v5h-5zM9 2.5V6M15 2.5V6M9 18v3.5M15 18v3.5M2.5 9H6M2.5 15H6M18 9h3.5M18 15h3.5" />
    </SvgIcon>
  );
}
export function SignOutIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M9.5 20.5h-4a1.5 1.5 0 0 1-1.5-1.5V5a1.5 1.5 0 0 1 1.5-1.5h4M16 16.5l4.5-4.5L16 7.5M20.5 12H9.5" />
    </SvgIcon>
  );
}
export function UserCircleIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="10" r="3" />
      <path d="M6.5 18.5a6.5 6.5 0 0 1 11 0" />
    </SvgIcon>
  );
}
export function SidebarIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M9 4v16" />
    </SvgIcon>
  );
}
/** API keys: a key. */
export function KeyIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <circle cx="8" cy="15" r="4.5" />
      <path d="M11.2 11.8 20 3M16.5 6.5l2.5 2.5M14 9l2 2" />
    </SvgIcon>
  );
}
/** Webhooks: a message sent out along a line to another system. */
export function WebhookIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <circle cx="6" cy="17" r="2.5" />
      <circle cx="18" cy="17" r="2.5" />
      <circle cx="12" cy="6" r="2.5" />
      <path d="M10.8 8.2 7.2 14.8M13.2 8.2l3.6 6.6M8.5 17h7" />
    </SvgIcon>
  );
}
