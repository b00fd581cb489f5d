import sharp from 'sharp';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Largest side kept after re-encoding; bigger images are scaled down. */
const MAX_SIDE = 2400;
const MAX_INPUT_PIXELS = 50_000_000;

export type SniffedType = 'jpeg' | 'png' | 'gif' | 'svg';

export interface ProcessedImage {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/png' | 'image/gif';
  extension: 'jpg' | 'png' | 'gif';
  width: number;
  height: number;
}

export class InvalidImageError extends Error {}

/** Decides the type by the file's content (magic bytes), never by its name or declared type. */
export function sniffImageType(buf: Buffer): SniffedType | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.subarray(0, 6).toString('latin1'))) return 'gif';
  const head = buf
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  // XML declaration, comments and whitespace may precede the root element.
  const start = head.replace(/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*/, '');
  if (/^<svg[\s>]/i.test(start)) return 'svg';
  return null;
}

/**
 * SVG is never served as SVG: after refusing entity declarations (XXE) and external references,
 * it is rasterized to PNG, so no script or event handler in it can ever run.
 */
function assertSafeSvg(buf: Buffer): void {
  const text = buf.toString('utf8');
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new InvalidImageError('svg-doctype');
  if (/(?:xlink:)?href\s*=\s*["']\s*(?!#|data:image\/)[^"']*["']/i.test(text)) throw new InvalidImageError('svg-external-reference');
  if (/url\(\s*['"]?\s*(?!#|data:image\/)/i.test(text)) throw new InvalidImageError('svg-external-url');
}

/** Re-encodes an uploaded image: orientation applied, metadata (EXIF, GPS, comments) removed. */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const type = sniffImageType(input);
  if (!type) throw new InvalidImageError('unknown-type');
  if (type === 'svg') assertSafeSvg(input);
  try {
    const animated = type === 'gif';
    let pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated, density: type === 'svg' ? 96 : undefined })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    let contentType: ProcessedImage['contentType'];
    let extension: ProcessedImage['extension'];
    if (type === 'jpeg') {
      pipeline = pipeline.jpeg({ quality: 85, mozjpeg: true });
      contentType = 'image/jpeg';
      extension = 'jpg';
    } else if (type === 'gif') {
      pipeline = pipeline.gif();
      contentType = 'image/gif';
      extension = 'gif';
    } else {
      pipeline = pipeline.png({ compressionLevel: 9 });
      contentType = 'image/png';
      extension = 'png';
    }
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType, extension, width: info.width, height: info.pageHeight ?? info.height };
  } catch (err) {
    if (err instanceof InvalidImageError) throw err;
    throw new InvalidImageError(`decode-failed: ${(err as Error).message}`);
  }
}
