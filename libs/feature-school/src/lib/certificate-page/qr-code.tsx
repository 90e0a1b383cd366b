import { useEffect, useState } from 'react';

/**
 * A QR code of `value` as inline SVG. The qrcode library is loaded here, on the certificate
 * page only (a dynamic import: its own chunk, never in the shell or a first route).
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toString(value, { type: 'svg', margin: 0, errorCorrectionLevel: 'M', color: { dark: '#2b1640', light: '#ffffff' } }))
      .then((markup) => live && setSvg(markup))
      .catch(() => live && setSvg(null));
    return () => {
      live = false;
    };
  }, [value]);
  // The library's own SVG markup (paths only, built from the value), not text from a user.
  return <div className="vox-cert__qr" role="img" aria-label={label} data-ready={svg ? 'true' : 'false'} dangerouslySetInnerHTML={svg ? { __html: svg } : undefined} />;
}
