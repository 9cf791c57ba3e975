import { encode } from 'uqr';

/**
 * The otpauth:// URI as a QR code for authenticator apps, drawn as one SVG path (no HTML injection,
 * no canvas). Its library loads only when an enrolment starts.
 */
export default function TotpQrCode({ uri, size = 200 }: { uri: string; size?: number }) {
  const { data, size: modules } = encode(uri, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      role="img"
      aria-label="QR code for your authenticator app"
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      style={{ background: '#fff', borderRadius: 8 }}
    >
      <path d={path} fill="#0f172a" />
    </svg>
  );
}
