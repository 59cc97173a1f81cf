/** The camera reads the waybill's barcode or QR code (@zxing/browser, loaded only when the driver scans). */
import { useEffect, useRef } from 'react';
import { BrowserMultiFormatReader } from '@zxing/browser';

export default function Scanner({ onCode, onError }: { onCode: (code: string) => void; onError: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const reader = new BrowserMultiFormatReader();
    let stop: (() => void) | null = null;
    let done = false;
    reader
      .decodeFromVideoDevice(undefined, video.current!, (result, _err, controls) => {
        if (result && !done) {
          done = true;
          controls.stop();
          onCode(result.getText());
        }
      })
      .then((c) => {
        stop = () => c.stop();
        if (done) c.stop();
      })
      .catch(onError);
    return () => {
      done = true;
      stop?.();
    };
  }, []);
  return (
    <div className="scanner">
      <video ref={video} muted playsInline />
    </div>
  );
}
