// An editor driving `hone acp` through the official TypeScript ACP SDK's
// client side: initialize, new session, a prompt whose write asks
// permission (answered "allow once"), a prompt cancelled mid-turn, and
// the session loaded again. It prints one JSON object: what the agent
// answered and every update and permission request, in arrival order.
//
// Usage: node acp_client.mjs SDK_DIR PROJECT_DIR HONE_BIN [HONE_ARGS...]
import { spawn } from "node:child_process";
import { Readable, Writable } from "node:stream";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [sdkDir, project, honeBin, ...honeArgs] = process.argv.slice(2);
const acp = await import(pathToFileURL(path.join(sdkDir, "dist/v1/stable/acp.js")).href);

const child = spawn(honeBin, [...honeArgs, "acp"], { cwd: project, stdio: ["pipe", "pipe", "inherit"] });
const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
const stream = acp.ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout));

const log = [];
let onText = null;

function summary(u) {
  const e = { kind: u.sessionUpdate };
  switch (u.sessionUpdate) {
    case "agent_message_chunk":
    case "agent_thought_chunk":
    case "user_message_chunk":
      e.text = u.content.type === "text" ? u.content.text : `<${u.content.type}>`;
      break;
    case "tool_call":
    case "tool_call_update":
      Object.assign(e, { id: u.toolCallId, status: u.status, toolKind: u.kind, title: u.title });
      e.diff = (u.content ?? []).filter((c) => c.type === "diff").map((c) => ({ path: c.path, newText: c.newText }));
      break;
    case "plan":
      e.entries = u.entries.map((x) => `${x.status}:${x.content}`);
      break;
  }
  return e;
}

const app = acp
  .client({ name: "hone-e2e" })
  .onRequest(acp.methods.client.session.requestPermission, ({ params }) => {
    log.push({
      kind: "request_permission",
      id: params.toolCall.toolCallId,
      options: params.options.map((o) => `${o.optionId}:${o.kind}`),
      diff: (params.toolCall.content ?? []).filter((c) => c.type === "diff").map((c) => c.newText),
    });
    return { outcome: { outcome: "selected", optionId: "allow_once" } };
  })
  .onNotification(acp.methods.client.session.update, ({ params }) => {
    const e = summary(params.update);
    log.push(e);
    if (onText && e.kind === "agent_message_chunk") onText(e.text);
  });

const result = await app.connectWith(stream, async (ctx) => {
  const init = await ctx.request(acp.methods.agent.initialize, {
    protocolVersion: acp.PROTOCOL_VERSION,
    clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
  });
  const session = await ctx.request(acp.methods.agent.session.new, { cwd: project, mcpServers: [] });
  const sessionId = session.sessionId;
  const prompt = (text) => ctx.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text }] });

  const first = await prompt("create hello.txt");
  log.push({ kind: "stop", reason: first.stopReason });

  const streaming = new Promise((resolve) => {
    onText = (t) => t.includes("Once") && resolve();
  });
  const second = prompt("tell a story");
  await streaming;
  onText = null;
  await ctx.notify(acp.methods.agent.session.cancel, { sessionId });
  log.push({ kind: "stop", reason: (await second).stopReason });

  log.push({ kind: "load" });
  const loaded = await ctx.request(acp.methods.agent.session.load, { sessionId, cwd: project, mcpServers: [] });
  return { init, sessionId, modes: session.modes, loadedModes: loaded.modes };
});

child.stdin.end();
const code = await exited;
console.log(JSON.stringify({ ...result, log, exitCode: code }));
