/** Hash navigation of the driver app (#/task/12, #/epod/12/34, #/check/12): one page the service worker serves for all. */
export const go = (hash: string) => {
  window.location.hash = hash;
};
