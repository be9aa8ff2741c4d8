// What `kitchen --help` prints. App side.

import { DEFAULT_ANTHROPIC_MODEL } from '@kitchen/host';

export const HELP_TEXT = `kitchen — an MCP host and its example servers, on your machine

Usage:
  kitchen demo                 inspect every cookie jar and report the tampered ones
  kitchen demo pastry          a server that asks the host for a model call (sampling),
                               asks you a question (a form) and reports progress
  kitchen run "<task>"         give the kitchen any task
  kitchen servers              start the servers and print their URLs until Ctrl-C
                               (point the MCP inspector at them)
  kitchen web [--port N]       start the servers and the web UI on 127.0.0.1: one
                               lane per agent, approvals answered in the page
  kitchen --help               this text

Flags:
  --json                 one JSON event per line on stdout, nothing else
  --model M              offline | anthropic | auto (default auto: anthropic when
                         ANTHROPIC_API_KEY is set, else the offline model)
  --model-name NAME      Anthropic model (default $KITCHEN_MODEL or ${DEFAULT_ANTHROPIC_MODEL})
  --seed N               cookie-jar seed (default 1729)
  --jars N               number of cookie jars, 1 to 500 (default 80)
  --latency MS           offline model delay per call (default 0)
  --max-iterations N     model calls before the main agent must stop (default 20)
  --config FILE          the "mcpServers" config (default: the nearest
                         kitchen.config.json); see apps/kitchen/README.md
  --server NAME=URL      add a server for this command, over Streamable HTTP;
  --server "NAME=CMD ARGS"
                         or over stdio (the host spawns it); repeatable
  --log-level LEVEL      ask servers that log for this level and up (debug, info,
                         notice, warning, error, critical, alert, emergency)

Approval and limits:
  --yes | --no           approve | refuse every call the gate would ask about and
                         every sampling request (--no also declines forms); with
                         neither, a terminal asks you, and without a terminal such
                         calls are refused with a reason the model can read
  --rule ACTION:[SERVER/]TOOL
                         allow, ask or deny a tool, e.g. --rule allow:pantry/place_order
                         (repeatable; * matches anything)
  --rules FILE           approval rules in JSON; precedence: --rule, then --rules,
                         then "rules" in kitchen.config.json, then tool annotations
  --approval-timeout S   seconds a question waits for an answer (default 300);
                         no answer counts as a no
  --max-tree-tokens N    tokens for the whole run, workers included (default
                         $MAX_TREE_TOKENS or 600000)
  --max-tool-calls N     tool calls for the whole run (default 200; the demo raises
                         it to fit --jars)
  --max-wall-time MS     wall time for the whole run (default 600000)
  --max-depth N          how deep workers may hire workers, 1 to 4 (default 1:
                         only the main agent hires)
  --max-workers N        workers running at once (default 16)
  --no-delegate          run without spawn_agent: the main agent does it all

The offline model is deterministic and uses no network; it says so whenever it runs.
Exit codes: 0 done, 1 the run or a server failed, 2 bad flags or config, 130 interrupted.
`;
