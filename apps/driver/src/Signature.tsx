/** The consignee signs on the screen (signature_pad); the signature is handed out as a PNG. */
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import SignaturePad from 'signature_pad';

export interface SignatureHandle {
  isEmpty(): boolean;
  clear(): void;
  toBlob(): Promise<Blob | null>;
}

const Signature = forwardRef<SignatureHandle, { label: string }>(function Signature({ label }, ref) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  useEffect(() => {
    const c = canvas.current!;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    c.width = c.offsetWidth * ratio;
    c.height = c.offsetHeight * ratio;
    c.getContext('2d')!.scale(ratio, ratio);
    pad.current = new SignaturePad(c, { backgroundColor: 'rgb(255,255,255)' });
    return () => pad.current?.off();
  }, []);
  useImperativeHandle(ref, () => ({
    isEmpty: () => pad.current?.isEmpty() ?? true,
    clear: () => pad.current?.clear(),
    toBlob: () => new Promise((ok) => canvas.current!.toBlob(ok, 'image/png')),
  }));
  return <canvas ref={canvas} className="sign" aria-label={label} data-testid="signature" />;
});
export default Signature;
