/** A one-line progress bar on stderr, redrawn in place ("[#####.....] 500/1000 50%"). */
export function createProgressBar(write: (text: string) => void, width = 30): (done: number, total: number) => void {
  return (done, total) => {
    const share = total === 0 ? 1 : Math.min(1, done / total);
    const filled = Math.round(share * width);
    write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${Math.round(share * 100)}%${done >= total ? '\n' : ''}`);
  };
}
