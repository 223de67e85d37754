import { HippocampusError } from '../errors/hippocampus-error.ts';
import type { MemoryBlockStore } from '../spec/block-store.ts';
import type { Clock } from '../spec/clock.ts';
import { defineTool } from './hippo-tool.ts';
import { MAX_BLOCK_CHARS, appendBlockInput, recallBlockInput, replaceBlockInput } from './tool-inputs.ts';

export interface BlockToolsContext {
  blocks: MemoryBlockStore;
  agentId: string;
  clock: Clock;
}

function checkSize(key: string, value: string): string {
  if (value.length > MAX_BLOCK_CHARS) {
    throw new HippocampusError({ code: 'CONTENT_TOO_LARGE', message: `Block "${key}" would hold ${value.length} characters; the limit is ${MAX_BLOCK_CHARS}` });
  }
  return value;
}

export function replaceMemoryBlockTool(context: BlockToolsContext) {
  return defineTool({
    name: 'replace_memory_block',
    label: 'Edit memory block',
    description: 'Find and replace text in a named memory block (e.g. "human", "persona"). Every occurrence is replaced; an error is returned when the block or the text does not exist.',
    inputSchema: replaceBlockInput,
    async run({ key, find, replace }) {
      let replacements = 0;
      const block = await context.blocks.modify({ agentId: context.agentId }, key, context.clock.now(), (current) => {
        if (current === null) throw new HippocampusError({ code: 'BLOCK_NOT_FOUND', message: `There is no memory block "${key}"` });
        const parts = current.value.split(find);
        replacements = parts.length - 1;
        if (replacements === 0) throw new HippocampusError({ code: 'BLOCK_TEXT_NOT_FOUND', message: `Memory block "${key}" does not contain the text to replace` });
        return checkSize(key, parts.join(replace));
      });
      return { key, value: block!.value, replacements, updatedAt: new Date(block!.updatedAt).toISOString() };
    },
  });
}

export function appendMemoryBlockTool(context: BlockToolsContext) {
  return defineTool({
    name: 'append_memory_block',
    label: 'Append to memory block',
    description: 'Append a line to a named memory block (e.g. "human", "objectives"), creating the block if it does not exist.',
    inputSchema: appendBlockInput,
    async run({ key, text }) {
      let created = false;
      const block = await context.blocks.modify({ agentId: context.agentId }, key, context.clock.now(), (current) => {
        created = current === null;
        return checkSize(key, current === null || current.value.length === 0 ? text : `${current.value}\n${text}`);
      });
      return { key, value: block!.value, created, updatedAt: new Date(block!.updatedAt).toISOString() };
    },
  });
}

export function recallMemoryBlockTool(context: BlockToolsContext) {
  return defineTool({
    name: 'recall_memory_block',
    label: 'Read memory block',
    description: 'Read a named memory block (e.g. "persona", "human", "objectives"); value is null when the block does not exist.',
    inputSchema: recallBlockInput,
    async run({ key }) {
      const [block] = await context.blocks.getMany({ agentId: context.agentId }, [key]);
      return block ? { key, value: block.value, updatedAt: new Date(block.updatedAt).toISOString() } : { key, value: null, updatedAt: null };
    },
  });
}
