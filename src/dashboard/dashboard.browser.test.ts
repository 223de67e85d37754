import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHippocampus } from '../memory/hippocampus.ts';
import { startServer, type RunningServer } from '../server/serve.ts';
import { createHashEmbedder } from '../testing/hash-embedder.ts';
import { SEED_MEMORIES } from '../testing/http-app-fixture.ts';
import { allBytesUnder } from '../testing/home-bytes.ts';
import { createTempHome } from '../testing/temp-home.ts';
import { describeConversation, parseTranscript } from '../working/conversation-features.ts';
import { openAgentWorkingMemory } from '../working/working-snapshot.ts';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'];
const ARTIFACTS = path.resolve('test-artifacts/dashboard');
const DAY = 24 * 60 * 60 * 1000;

/** A clock that can be set into the past, so the seeded agent has a month of history to draw. */
function createShiftableClock() {
  let offset = 0;
  return { now: () => Date.now() - offset, setDaysAgo: (days: number) => void (offset = days * DAY) };
}

async function seedAgent(home: string, clock: ReturnType<typeof createShiftableClock>): Promise<void> {
  const embedder = createHashEmbedder();
  const memory = await createHippocampus({ home, agentId: 'ada', embedder, clock });
  clock.setDaysAgo(30);
  const seeded = await memory.rememberMany(SEED_MEMORIES, { longTerm: true });
  clock.setDaysAgo(21);
  await memory.remember({ type: 'decision', content: 'Keep invoices for seven years to satisfy the auditors', importance: 0.85 });
  await memory.consolidate();
  clock.setDaysAgo(12);
  await memory.reinforce(seeded[1]!.memory.id, { intensity: 0.9 });
  await memory.remember({ type: 'insight', content: 'Replica lag explains most of the invoice migration timeouts', importance: 0.8 });
  await memory.remember({ type: 'observation', content: 'Postgres vacuum ran long after the invoice backfill', importance: 0.7 });
  await memory.consolidate();
  clock.setDaysAgo(3);
  await memory.reinforce(seeded[1]!.memory.id, { intensity: 0.8 });
  clock.setDaysAgo(0);
  const blocks = memory.backend.blocks!;
  await blocks.putMany({ agentId: 'ada' }, [
    { key: 'human', value: 'Name: Ada\nRole: staff engineer on billing\nLives in Berlin', updatedAt: clock.now() - 2 * DAY },
    { key: 'persona', value: 'Terse, kind, cites the memory it used.', updatedAt: clock.now() - 9 * DAY },
  ]);
  await seedGraph(memory, seeded.map((result) => result.memory.id), clock.now());
  await memory.stop();
}

/** Relations read from the seeded memories, written straight through the graph store: one closed, the rest holding. */
async function seedGraph(memory: Awaited<ReturnType<typeof createHippocampus>>, ids: string[], now: number): Promise<void> {
  const graph = memory.backend.knowledgeGraph!(memory.clock);
  const billing = { name: 'billing service', type: 'thing' as const };
  await graph.link({ agentId: 'ada' }, [
    {
      memoryId: ids[0]!,
      timestamp: now - 30 * DAY,
      entities: [billing, { name: 'Friday', type: 'date' }, { name: 'canary', type: 'thing' }],
      relations: [
        { subject: billing, predicate: 'ships_on', object: { name: 'Thursday', type: 'date' }, confidence: 0.7, validFrom: now - 90 * DAY, validTo: now - 30 * DAY },
        { subject: billing, predicate: 'ships_on', object: { name: 'Friday', type: 'date' }, confidence: 0.9 },
        { subject: billing, predicate: 'gated_by', object: { name: 'canary', type: 'thing' }, confidence: 0.8 },
      ],
    },
    {
      memoryId: ids[2]!,
      timestamp: now - 30 * DAY,
      entities: [billing, { name: 'payment gateway', type: 'thing' }],
      relations: [{ subject: billing, predicate: 'calls', object: { name: 'payment gateway', type: 'thing' }, confidence: 0.65 }],
    },
    {
      memoryId: ids[3]!,
      timestamp: now - 30 * DAY,
      entities: [{ name: 'Ada', type: 'person' }, billing],
      relations: [{ subject: { name: 'Ada', type: 'person' }, predicate: 'works_on', object: billing, confidence: 0.6 }],
    },
  ]);
}

const available = fs.existsSync(CHROMIUM);

describe.skipIf(!available)('dashboard in headless Chromium', () => {
  const { home, cleanup } = createTempHome('hippocampus-dashboard-');
  const clock = createShiftableClock();
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  const shot = (name: string, fullPage = true) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage });
  const settled = () => page.waitForSelector('[data-testid="view"][aria-busy="false"]');
  /** What the agent holds, read from the server (not the page). */
  const memoryContents = async () => ((await (await fetch(`${server.url}/agents/ada/memories?limit=100`)).json()) as { memories: { content: string }[] }).memories.map((memory) => memory.content);
  const invoiceMemories = async () => (await memoryContents()).filter((content) => /invoice/i.test(content)).length;

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    await seedAgent(home, clock);
    server = await startServer({ home, host: '127.0.0.1', port: 0, embedder: createHashEmbedder(), clock, logError: () => {} });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // The page may only talk to this server.
    await page.route('**/*', (route) => (route.request().url().startsWith(server.url) || route.request().url().startsWith('data:') ? route.continue() : route.abort()));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    cleanup();
  });

  test('overview: counts and charts of the agent picked by default', async () => {
    await page.goto(`${server.url}/`);
    await page.waitForURL(/#\/a\/ada\/overview/);
    await settled();
    await expect(page.locator('.stat-value').first().textContent()).resolves.toBe('10');
    expect(await page.locator('canvas').count()).toBe(3);
    await expect(page.getByTestId('agent-picker').inputValue()).resolves.toBe('ada');
    // The server's nightly working → semantic consolidation, as GET /consolidation reports it.
    const nightly = page.locator('.card.stat', { hasText: 'Working → semantic' });
    await expect(nightly.locator('.stat-value').textContent()).resolves.toMatch(/^next /);
    await expect(nightly.locator('.stat-note').textContent()).resolves.toBe('no pass yet');
    await shot('overview');
  });

  test('memories table: every column, filters, and strength that reflects decay', async () => {
    await page.getByRole('link', { name: 'Memories', exact: true }).click();
    await settled();
    const rows = page.locator('[data-testid="memories-table"] tbody tr');
    expect(await rows.count()).toBe(10);
    await expect(page.locator('thead').textContent()).resolves.toContain('Last access');
    await shot('memories');
    await page.getByRole('combobox', { name: 'Any tier' }).selectOption('core');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/tier=core/);
    await settled();
    const tiers = await page.locator('[data-testid="memories-table"] tbody .badge-tier-core').count();
    expect(tiers).toBe(await page.locator('[data-testid="memories-table"] tbody tr').count());
  });

  test('search shows each signal of the score as a bar', async () => {
    await page.getByRole('link', { name: 'Search', exact: true }).click();
    await settled();
    await page.getByRole('searchbox', { name: 'query' }).fill('postgres migration invoices');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForSelector('[data-testid="search-results"]');
    await settled();
    const first = page.locator('[data-testid="search-results"] li').first();
    await expect(first.locator('.hit-content').textContent()).resolves.toContain('postgres migration');
    expect(await first.locator('.signal').count()).toBeGreaterThanOrEqual(5);
    expect(await first.locator('.signal[data-signal="keyword"] .meter-fill').getAttribute('style')).not.toBe('width:0.0%');
    await shot('search');
  });

  test('a memory page draws its strength curve, history and related memories', async () => {
    await page.locator('[data-testid="search-results"] li .hit-content').first().click();
    await page.waitForURL(/\/memory\//);
    await settled();
    await page.waitForSelector('.related [data-testid="search-results"], .related .empty');
    const inked = await page.getByTestId('strength-chart').evaluate((canvas: HTMLCanvasElement) => {
      const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let painted = 0;
      for (let index = 3; index < pixels.length; index += 4) if (pixels[index]! > 0) painted += 1;
      return painted;
    });
    expect(inked).toBeGreaterThan(1000);
    const history = await page.getByTestId('history').textContent();
    expect(history).toContain('Created');
    expect(history).toContain('Reinforced');
    expect(await page.locator('.related li').count()).toBeGreaterThan(0);
    await shot('memory');
  });

  test('editing a memory saves through the API', async () => {
    await page.getByRole('textbox', { name: 'content' }).fill('The postgres migration for invoices timed out on the replica (lag 40s)');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForSelector('h1.memory-content:has-text("lag 40s")');
    await settled();
  });

  test('a memory block is edited in place and the API returns the new text', async () => {
    const back = page.url();
    await page.getByRole('link', { name: 'Blocks', exact: true }).click();
    await settled();
    const human = page.getByRole('textbox', { name: 'block human' });
    await human.fill('Name: Ada\nRole: staff engineer on billing\nLives in Lisbon');
    await page.locator('form[data-key="human"]').getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('block-status-human').filter({ hasText: 'saved' }).waitFor();
    const answer = (await (await fetch(`${server.url}/agents/ada/blocks/human`)).json()) as { block: { value: string } };
    expect(answer.block.value).toBe('Name: Ada\nRole: staff engineer on billing\nLives in Lisbon');
    await shot('blocks');
    await page.goto(back);
    await settled();
  });

  test('forgetting asks first, listing exactly what goes, then it is gone', async () => {
    const id = decodeURIComponent(page.url().split('/memory/')[1]!);
    await page.getByTestId('forget-memory').click();
    const dialog = page.getByTestId('forget-dialog');
    await dialog.waitFor();
    expect(await dialog.locator('.forget-list li').count()).toBe(1);
    await expect(dialog.locator('.forget-list').textContent()).resolves.toContain(id);
    await shot('forget-confirmation', false);
    await page.getByTestId('confirm-forget').click();
    await page.waitForURL(/\/memories$/);
    await settled();
    expect(await page.locator(`[data-testid="memories-table"] tr[data-id="${id}"]`).count()).toBe(0);
    expect(await page.locator('[data-testid="memories-table"] tbody tr').count()).toBe(9);
    expect((await fetch(`${server.url}/agents/ada/memories/${id}`)).status).toBe(404);
    expect(pageErrors).toEqual([]);
  });

  test('forgetting by description previews exactly what the description would delete', async () => {
    // The test's hash embedder only knows shared words, so the description repeats the memory nearly word for word.
    await page.getByRole('searchbox', { name: 'forget by description' }).fill('Ada prefers her coffee black and her standups');
    await page.getByTestId('forget-described').click();
    const dialog = page.getByTestId('forget-dialog');
    await dialog.waitFor();
    expect(await dialog.locator('.forget-list').textContent()).toContain('Ada prefers her coffee black and her standups short');
    expect(await dialog.locator('.forget-list li').count()).toBe(1);
    await shot('forget-description', false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.locator('[data-testid="memories-table"] tbody tr').count()).toBe(9);
  });

  test('an unsure description deletes nothing and lets the user tick which of its candidates to forget', async () => {
    // Several memories hold "invoice": forget is unsure which is meant, so the dialog offers them instead.
    const invoicesBefore = await invoiceMemories();
    expect(invoicesBefore).toBeGreaterThanOrEqual(2);
    await page.getByRole('searchbox', { name: 'forget by description' }).fill('the invoice');
    await page.getByTestId('forget-described').click();
    const dialog = page.getByTestId('forget-dialog');
    await dialog.waitFor();
    const offered = dialog.getByTestId('forget-candidates').locator('li');
    expect(await offered.count()).toBeGreaterThanOrEqual(2);
    expect(await dialog.getByTestId('confirm-forget').isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'forget: Keep invoices for seven years to satisfy the auditors' }).check();
    await expect(dialog.getByTestId('confirm-forget').textContent()).resolves.toBe('Forget 1 memory');
    await shot('forget-candidates', false);
    await dialog.getByTestId('confirm-forget').click();
    await dialog.waitFor({ state: 'detached' });
    await settled();
    const contents = await memoryContents();
    expect(contents).not.toContain('Keep invoices for seven years to satisfy the auditors');
    // Only what was ticked went: the other memories holding "invoice" stay.
    expect(contents.filter((content) => /invoice/i.test(content))).toHaveLength(invoicesBefore - 1);
    expect(pageErrors).toEqual([]);
  });

  test('forgetting a memory a block still states says so and names the lines, as forget_memory, HTTP and the CLI do', async () => {
    const stored = (await (await fetch(`${server.url}/agents/ada/memories`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'chat', content: 'The vault combination is 31-7-22' }) })).json()) as { memory: { id: string } };
    await fetch(`${server.url}/agents/ada/blocks/human/append`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'Vault: 31-7-22' }) });
    await page.goto(`${server.url}/#/a/ada/memory/${stored.memory.id}`);
    await settled();
    await page.getByTestId('forget-memory').click();
    const dialog = page.getByTestId('forget-dialog');
    await dialog.getByTestId('confirm-forget').click();
    const notice = dialog.getByTestId('still-in-blocks');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Vault: 31-7-22');
    expect(await notice.textContent()).toContain('human');
    await shot('forget-still-in-blocks', false);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(/\/memories$/);
    await settled();
    expect((await fetch(`${server.url}/agents/ada/memories/${stored.memory.id}`)).status).toBe(404);
    expect(pageErrors).toEqual([]);
  });

  test('a description forgotten for sure still names the recent conversations that say it, and forgets the ones ticked', async () => {
    await fetch(`${server.url}/agents/ada/memories`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'chat', content: 'The gym locker code is 5512' }) });
    // A conversation in working memory (memory/working.json, as the server keeps it) saying it in other order: not the memory's text, so the forget itself leaves it.
    const working = await openAgentWorkingMemory({ home, agentId: 'ada', embedder: createHashEmbedder() });
    await working.store.store({ agentId: 'ada' }, await describeConversation({ conversationId: 'c-locker', timestamp: Date.now(), turns: parseTranscript('user: my code is 5512 for the gym locker\nassistant: noted') }, createHashEmbedder()));
    await working.close();
    await page.goto(`${server.url}/#/a/ada/memories`);
    await settled();
    await page.getByRole('searchbox', { name: 'forget by description' }).fill('The gym locker code is 5512');
    await page.getByTestId('forget-described').click();
    const dialog = page.getByTestId('forget-dialog');
    await dialog.getByTestId('confirm-forget').click();
    const offered = dialog.getByTestId('still-in-conversations');
    await offered.waitFor();
    expect(await offered.textContent()).toContain('my code is 5512 for the gym locker');
    expect(allBytesUnder(home)).toContain('5512');
    await dialog.getByTestId('forget-conversation').check();
    await dialog.getByRole('button', { name: 'Forget 1 conversation too' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(allBytesUnder(home)).not.toContain('5512');
    expect(pageErrors).toEqual([]);
  });

  test("the graph view lists entities and shows an entity's relations, closed ones marked, with the memories they came from", async () => {
    await page.getByRole('link', { name: 'Graph', exact: true }).click();
    await settled();
    await expect(page.getByTestId('graph-entities').locator('li').first().textContent()).resolves.toContain('billing service');
    await page.getByTestId('graph-entities').getByRole('link', { name: 'billing service' }).click();
    await page.waitForURL(/\/graph\/billing%20service/);
    await settled();
    const rows = page.locator('[data-testid="graph-relations"] tbody tr');
    // The entity list's view is also settled until the entity's view starts loading: wait for its table.
    await rows.first().waitFor();
    expect(await rows.count()).toBe(5);
    const closed = page.locator('[data-testid="graph-relations"] tr.closed');
    expect(await closed.count()).toBe(1);
    await expect(closed.textContent()).resolves.toContain('Thursday');
    expect(await page.locator('[data-testid="graph-diagram"] line.edge.closed').count()).toBe(1);
    expect(await page.locator('[data-testid="graph-memories"] li').count()).toBe(3);
    await shot('graph');
    await page.locator('[data-testid="graph-memories"] a').first().click();
    await page.waitForURL(/\/memory\//);
    await settled();
    expect(pageErrors).toEqual([]);
  });

  test('an address with a malformed escape (a link cut short) shows an error, not the previous view under it', async () => {
    await page.goto(`${server.url}/#/a/ada/blocks`);
    await settled();
    // decodeURIComponent threw in the router: the page kept the blocks view under the new address (probe).
    await page.goto(`${server.url}/#/a/%E0%A4%A/overview`);
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 5_000 });
    await expect(alert.textContent()).resolves.toContain('INVALID_AGENT_ID');
    await page.goto(`${server.url}/#/a/ada/memory/%E0%A4%A`);
    await page.getByRole('alert').filter({ hasText: 'NOT_FOUND: Memory' }).waitFor({ timeout: 5_000 });
    expect(pageErrors).toEqual([]);
  });
});

describe.skipIf(!available)('dashboard of a server that needs a token, in headless Chromium', () => {
  const { home, cleanup } = createTempHome('hippocampus-dashboard-token-');
  const TOKEN = 'a-token-of-at-least-16-characters';
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    await seedAgent(home, createShiftableClock());
    server = await startServer({ home, host: '127.0.0.1', port: 0, token: TOKEN, embedder: createHashEmbedder(), logError: () => {} });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    page = await browser.newPage({ viewport: { width: 1360, height: 900 }, acceptDownloads: true });
    await page.route('**/*', (route) => (route.request().url().startsWith(server.url) || route.request().url().startsWith('data:') || route.request().url().startsWith('blob:') ? route.continue() : route.abort()));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    cleanup();
  });

  test('the Export links download the memories with the token the page was given (a plain link sends none: the file was the 401)', async () => {
    await page.goto(`${server.url}/`);
    await page.locator('dialog input[type="password"]').fill(TOKEN);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/#\/a\/ada\/overview/);
    for (const [name, expected] of [['JSON', '"memories"'], ['Markdown', 'invoice']] as const) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.exports').getByRole('link', { name, exact: true }).click()]);
      const text = fs.readFileSync((await download.path())!, 'utf8');
      expect(text, name).not.toContain('UNAUTHORIZED');
      expect(text, name).toContain(expected);
      expect(download.suggestedFilename(), name).toMatch(/^ada-memories\.(json|md)$/);
    }
  });
});
