// One part of a tool result beyond its text, as the page shows it: a line naming it, and for a
// small image the picture itself. App side, in the browser.

import { el } from './dom.js';
import { attachmentText } from './lane-words.js';

/** The image types drawn on the page: those the host passes to a model (never SVG, never other data: URLs). */
const SHOWN_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** A list item for one attachment; an image that came with its data is drawn under its line. */
export function renderAttachment(part) {
  const item = el('li', 'attachment', attachmentText(part));
  const picture = imageSource(part);
  if (picture !== undefined) {
    const image = el('img', 'attachment-image');
    image.alt = `the picture the tool returned (${part.mimeType})`;
    image.src = picture;
    item.append(image);
  }
  return item;
}

/** A data: URL only for an allowed image type whose data is plain base64; undefined otherwise. */
function imageSource(part) {
  if (part.kind !== 'image' || typeof part.data !== 'string' || typeof part.mimeType !== 'string') return undefined;
  if (!SHOWN_IMAGE_TYPES.includes(part.mimeType) || !BASE64.test(part.data)) return undefined;
  return `data:${part.mimeType};base64,${part.data}`;
}
