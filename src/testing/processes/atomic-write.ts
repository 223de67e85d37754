// Writes one file through writeFileAtomically and exits: the process the atomic-write test traces (strace) to see
// which files and folders it syncs, and in what order.
import { writeFileAtomically } from '../../live/atomic-write.ts';

const [file, content] = process.argv.slice(2);
writeFileAtomically(file!, content!);
