import type { App } from '../../types.js';
import { registerAddSegmentMembers } from './add-segment-members.js';
import { registerCreateSegment } from './create-segment.js';
import { registerDeleteSegment } from './delete-segment.js';
import { registerGetSegment } from './get-segment.js';
import { registerListSegmentContacts } from './list-segment-contacts.js';
import { registerListSegments } from './list-segments.js';
import { registerRemoveSegmentMembers } from './remove-segment-members.js';
import { registerUpdateSegment } from './update-segment.js';

export function registerSegmentRoutes(app: App) {
  registerListSegments(app);
  registerCreateSegment(app);
  registerGetSegment(app);
  registerUpdateSegment(app);
  registerDeleteSegment(app);
  registerListSegmentContacts(app);
  registerAddSegmentMembers(app);
  registerRemoveSegmentMembers(app);
}
