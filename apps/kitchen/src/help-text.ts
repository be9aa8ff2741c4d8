// What `kitchen --help` prints. App side.

export const HELP_TEXT = `kitchen — an MCP host and its example servers, on your machine

Usage:
  kitchen demo                 inspect every cookie jar and report the tampered ones
  kitchen run "<task>"         give the kitchen any task
  kitchen servers              start the servers and print their URLs until Ctrl-C
                               (point the MCP inspector at them)
  kitchen --help               this text

Flags:
  --json                 one JSON event per line on stdout, nothing else
  --model M              offline | anthropic | auto (default auto: anthropic when
                         ANTHROPIC_API_KEY is set, else the offline model)
  --model-name NAME      Anthropic model (default $KITCHEN_MODEL or claude-sonnet-4-5)
  --seed N               cookie-jar seed (default 1729)
  --jars N               number of cookie jars, 1 to 500 (default 80)
  --latency MS           offline model delay per call (default 0)
  --max-iterations N     model calls before the main agent must stop (default 20)
  --config FILE          server list (default: the nearest kitchen.config.json)

Approval and limits:
  --yes | --no           approve | refuse every call the gate would ask about (and
                         every sampling request); neither: such calls are refused
                         with a reason the model can read
  --rule ACTION:[SERVER/]TOOL
                         allow, ask or deny a tool, e.g. --rule allow:pantry/place_order
                         (repeatable; * matches anything)
  --max-tree-tokens N    tokens for the whole run, workers included (default 600000)
  --max-tool-calls N     tool calls for the whole run (default 200; the demo raises
                         it to fit --jars)
  --max-wall-time MS     wall time for the whole run (default 600000)

The offline model is deterministic and uses no network; it says so whenever it runs.
Exit codes: 0 done, 1 the run or a server failed, 2 bad flags or config, 130 interrupted.
`;
