// The result to share (issue 22): a link marked data-share-image sends the sheet's PNG
// through the Web Share API where the phone has it (the share sheet: a group chat...),
// and is an ordinary download link everywhere else (its `download` attribute).
(function () {
  "use strict";
  document.addEventListener("click", async function (event) {
    const link = event.target.closest("a[data-share-image]");
    if (!link || !navigator.canShare || !window.File) return; // no Web Share: the link downloads
    event.preventDefault();
    const name = link.getAttribute("download") || "marque-carte.png";
    try {
      const response = await fetch(link.href, { credentials: "same-origin" });
      if (!response.ok) throw new Error(String(response.status));
      const file = new File([await response.blob()], name, { type: "image/png" });
      if (navigator.canShare({ files: [file] })) {
        await navigator.share({ files: [file], title: link.dataset.shareTitle || "" });
        return;
      }
    } catch (error) {
      if (error && error.name === "AbortError") return; // the player closed the share sheet
    }
    const download = document.createElement("a"); // the phone can't share files: download it
    download.href = link.href;
    download.download = name;
    document.body.appendChild(download);
    download.click();
    download.remove();
  });
})();
