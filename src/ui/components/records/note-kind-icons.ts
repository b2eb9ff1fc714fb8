import { Mail, MessageCircle, Phone, StickyNote, Users, type LucideIcon } from 'lucide-react';
import type { NoteKind } from '../../lib/api/notes';

/** Each note kind's icon, wherever a note is shown (the notes' cards and forms, the search palette). */
export const NOTE_KIND_ICONS: Record<NoteKind, LucideIcon> = {
  note: StickyNote,
  call: Phone,
  meeting: Users,
  email: Mail,
  whatsapp: MessageCircle,
};
