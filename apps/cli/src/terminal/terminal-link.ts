// A server's link (URL-mode elicitation) at an interactive terminal: shows the message, the whole
// link and its domain, and asks whether the person will open it. The kitchen never opens a
// browser itself: the person copies the link, or declines. App side, on the Person seam.

import type { LinkAnswer, Person } from '@kitchen/host';
import { cleanText } from '@kitchen/runtime/text/clean-text';
import { paint } from './paint.js';
import type { TerminalPrompt } from './terminal-prompt.js';

export function createTerminalLinkAsker(options: {
  prompt: TerminalPrompt;
  color: boolean;
}): NonNullable<Person['followLink']> {
  const { color } = options;
  return (question, signal) =>
    options.prompt.ask(async (reader): Promise<LinkAnswer> => {
      if (signal.aborted) return { action: 'cancel' };
      reader.say(
        paint(
          'yellow',
          `🔗 ${cleanText(question.server)} asks you to open a link: ${cleanText(question.message)}`,
          color,
        ),
      );
      reader.say(`   ${cleanText(question.url)}`);
      reader.say(
        paint(
          'dim',
          `   It goes to ${cleanText(question.domain)}. The kitchen does not open it; copy it into your browser.`,
          color,
        ),
      );
      for (;;) {
        const reply = await reader.readLine('Open it? [y = I will open it / N = decline / cancel] ', signal);
        if (reply.kind !== 'line') return { action: 'cancel' };
        const typed = reply.text.trim().toLowerCase();
        if (typed === 'y' || typed === 'yes') return { action: 'accept' };
        if (typed === '' || typed === 'n' || typed === 'no' || typed === 'decline') return { action: 'decline' };
        if (typed === 'cancel') return { action: 'cancel' };
        reader.say(paint('yellow', '   Type y, n or cancel.', color));
      }
    });
}
