/** Photos compressed on the phone before they are queued: at most 1600 px on a side, JPEG, ≤ 300 KB. */
export const PHOTO_MAX_BYTES = 300 * 1024;
const MAX_SIDE = 1600;

const toBlob = (c: HTMLCanvasElement, quality: number) => new Promise<Blob | null>((ok) => c.toBlob(ok, 'image/jpeg', quality));

export async function compressPhoto(file: Blob): Promise<Blob> {
  const img = await createImageBitmap(file);
  let scale = Math.min(1, MAX_SIDE / Math.max(img.width, img.height));
  let quality = 0.8;
  const canvas = document.createElement('canvas');
  for (let i = 0; i < 8; i++) {
    canvas.width = Math.max(1, Math.round(img.width * scale));
    canvas.height = Math.max(1, Math.round(img.height * scale));
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    const blob = await toBlob(canvas, quality);
    if (blob && blob.size <= PHOTO_MAX_BYTES) return blob;
    if (quality > 0.5) quality -= 0.15;
    else scale *= 0.75;
  }
  img.close();
  throw new Error('photo too large');
}
