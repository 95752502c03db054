/** The ESM browser build of tesseract.js (the package's main entry is CommonJS for Node): one default export. */
declare module "tesseract.js/dist/tesseract.esm.min.js" {
  import type { createWorker } from "tesseract.js";
  const tesseract: { createWorker: typeof createWorker };
  export default tesseract;
}
