/**
 * A home banner's phone-size copy, made in the admin's browser at upload (issue 9): the banner is the home page's
 * largest paint on a phone, where the full picture is several times the bytes the screen can show. The browser's own
 * decoder and WebP encoder do it (no image library in the Worker, whose CPU time is short). No copy when there is
 * nothing to gain: a picture no wider than the copy, a browser that cannot encode WebP (Safari answers a PNG), or a
 * copy that is not smaller than the picture. The home page then serves the picture itself, as before.
 */
import { PHONE_BANNER_WIDTH } from "../../contract/catalogue-constants";

const QUALITY = 0.8;

export async function phoneCopy(file: File): Promise<File | null> {
  if (typeof createImageBitmap !== "function" || typeof document === "undefined") return null;
  try {
    const bitmap = await createImageBitmap(file);
    const { width, height } = bitmap;
    if (width <= PHONE_BANNER_WIDTH) {
      bitmap.close();
      return null;
    }
    const canvas = document.createElement("canvas");
    canvas.width = PHONE_BANNER_WIDTH;
    canvas.height = Math.max(1, Math.round((height * PHONE_BANNER_WIDTH) / width));
    const context = canvas.getContext("2d");
    if (context) {
      context.imageSmoothingQuality = "high";
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    }
    bitmap.close();
    if (!context) return null;
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/webp", QUALITY));
    if (!blob || blob.type !== "image/webp" || blob.size >= file.size) return null;
    return new File([blob], `${file.name.replace(/\.[^.]*$/, "") || "banner"}-phone.webp`, { type: "image/webp" });
  } catch (error) {
    // A picture the browser cannot decode still uploads (the API checks its type); it just has no phone copy.
    console.debug("no phone copy of the banner", error);
    return null;
  }
}
