// Keeps the boot snapshot that static/boot.js downloaded in the background: inflates its
// 31 MB, checks their SHA-256 against the build's and stores them as a boot reads them
// (static/pyodide-snapshot.mjs keepInflated). In a worker of its own, because inflating and
// checking take a few hundred milliseconds of a core, which on the page's main thread would
// be a long task right when a player starts to play. Answers true once kept, else false.
import { keepInflated } from "./pyodide-snapshot.mjs";

onmessage = async ({ data: { info, packed } }) => {
  let kept = false;
  try {
    kept = await keepInflated(info, packed);
  } catch (error) {
    console.warn("the boot snapshot was not kept:", error.message);
  }
  postMessage(kept);
  close();
};
