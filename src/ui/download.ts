/** Saves `text` as a file of MIME `type` through a temporary object URL. */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The download has started from the URL; it can go once this task is over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
