/** The text of a QR code in an image: the browser's BarcodeDetector where it has one, jsQR otherwise. */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
declare global {
  interface Window {
    BarcodeDetector?: new (options: { formats: string[] }) => BarcodeDetectorLike;
  }
}

let detector: BarcodeDetectorLike | null | undefined;

function nativeDetector(): BarcodeDetectorLike | null {
  if (detector === undefined) {
    try {
      detector = window.BarcodeDetector ? new window.BarcodeDetector({ formats: ['qr_code'] }) : null;
    } catch {
      detector = null;
    }
  }
  return detector;
}

export async function readQr(source: HTMLVideoElement | HTMLImageElement | ImageBitmap): Promise<string | null> {
  const native = nativeDetector();
  if (native) {
    try {
      const [found] = await native.detect(source);
      if (found) return found.rawValue;
    } catch {
      // Falls through to jsQR: some browsers list the API yet refuse a format.
    }
  }
  const width = source instanceof HTMLVideoElement ? source.videoWidth : source.width;
  const height = source instanceof HTMLVideoElement ? source.videoHeight : source.height;
  if (!width || !height) return null;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, width, height);
  const { default: jsQR } = await import('jsqr');
  return jsQR(context.getImageData(0, 0, width, height).data, width, height)?.data ?? null;
}
