import { Mail, MessageCircle, Phone, StickyNote, Users, type LucideIcon } from 'lucide-react';
import type { NoteKind } from '../../lib/api/notes';

export const KIND_ICONS: Record<NoteKind, LucideIcon> = {
  note: StickyNote,
  call: Phone,
  meeting: Users,
  email: Mail,
  whatsapp: MessageCircle,
};

/** Calls have an outcome; calls and meetings a duration. */
export const hasOutcome = (kind: NoteKind) => kind === 'call';
export const hasDuration = (kind: NoteKind) => kind === 'call' || kind === 'meeting';
