// A tool whose run throws a system error naming a private path: prints the result the model would read.
import { z } from 'zod';
import { defineTool } from '../../tools/hippo-tool.ts';

const tool = defineTool({
  name: 'read_notes',
  label: 'Read notes',
  description: 'Reads the notes file.',
  inputSchema: z.object({}).strict(),
  run: async () => {
    throw Object.assign(new Error("ENOENT: no such file or directory, open '/home/ada/private/notes.txt'"), { code: 'ENOENT' });
  },
});
console.log(JSON.stringify(await tool.execute({})));
