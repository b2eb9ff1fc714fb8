import { describe, expect, it } from 'vitest';
import {
  dayOf,
  dealValueOf,
  lostReasonOf,
  matchStage,
  probabilityOf,
  readDealCells,
  stageLines,
  statusOf,
  type ReadDeal,
  type StageOption,
} from '../deal-import';
import type { LostReason } from '../deal';

const DEFAULT: StageOption[] = [
  { stage: 'prospecting', kind: 'open' },
  { stage: 'qualification', kind: 'open' },
  { stage: 'proposal', kind: 'open' },
  { stage: 'negotiation', kind: 'open' },
  { stage: 'won', kind: 'won' },
  { stage: 'lost', kind: 'lost' },
];
const RENEWALS: StageOption[] = [
  { stage: 'Primeiro  Contato', kind: 'open' },
  { stage: 'Fechado', kind: 'won' },
  { stage: 'Sem acordo', kind: 'lost' },
];

describe('matchStage', () => {
  it('matches by name, case, accents and spacing aside, a default stage by its pt or en label too', () => {
    expect(matchStage('proposal', DEFAULT, null)).toEqual({ stage: 'proposal', matchedBy: 'name' });
    expect(matchStage(' NEGOCIAÇÃO ', DEFAULT, null)).toEqual({ stage: 'negotiation', matchedBy: 'name' });
    expect(matchStage('Qualification', DEFAULT, 'hubspot')).toEqual({ stage: 'qualification', matchedBy: 'name' });
    expect(matchStage('primeiro contato', RENEWALS, null)).toEqual({ stage: 'Primeiro  Contato', matchedBy: 'name' });
  });

  it("maps each CRM's default stages by meaning, only with that CRM's preset", () => {
    const cases: [string, 'pipedrive' | 'hubspot' | 'rdstation' | 'agendor', string][] = [
      ['Qualified', 'pipedrive', 'prospecting'],
      ['Contact Made', 'pipedrive', 'qualification'],
      ['Demo Scheduled', 'pipedrive', 'qualification'],
      ['Needs Defined', 'pipedrive', 'qualification'],
      ['Proposal Made', 'pipedrive', 'proposal'],
      ['Negotiations Started', 'pipedrive', 'negotiation'],
      ['appointmentscheduled', 'hubspot', 'prospecting'],
      ['Qualified To Buy', 'hubspot', 'qualification'],
      ['presentationscheduled', 'hubspot', 'proposal'],
      ['Decision Maker Bought-In', 'hubspot', 'negotiation'],
      ['contractsent', 'hubspot', 'negotiation'],
      ['Sem contato', 'rdstation', 'prospecting'],
      ['Identificação do interesse', 'rdstation', 'qualification'],
      ['Proposta enviada', 'rdstation', 'proposal'],
      ['Envio de proposta', 'agendor', 'proposal'],
      ['Follow-up', 'agendor', 'negotiation'],
    ];
    for (const [name, preset, stage] of cases)
      expect(matchStage(name, DEFAULT, preset), name).toEqual({ stage, matchedBy: 'preset' });
    expect(matchStage('Proposal Made', DEFAULT, null)).toBeNull();
    expect(matchStage('Proposal Made', DEFAULT, 'hubspot')).toBeNull();
    // The preset's stage is not in this pipeline: no match by meaning.
    expect(matchStage('Proposal Made', RENEWALS, 'pipedrive')).toBeNull();
  });

  it('sends closed-won and closed-lost names to the stage of that kind, whatever it is called', () => {
    expect(matchStage('closedwon', RENEWALS, 'hubspot')).toEqual({ stage: 'Fechado', matchedBy: 'status' });
    expect(matchStage('Closed Lost', RENEWALS, 'hubspot')).toEqual({ stage: 'Sem acordo', matchedBy: 'status' });
    expect(matchStage('Perdida', RENEWALS, null)).toEqual({ stage: 'Sem acordo', matchedBy: 'status' });
    expect(matchStage('Ganho', RENEWALS, 'agendor')).toEqual({ stage: 'Fechado', matchedBy: 'status' });
    // In the default pipeline "Ganho" is the won stage's own name.
    expect(matchStage('Ganho', DEFAULT, null)).toEqual({ stage: 'won', matchedBy: 'name' });
    expect(matchStage('Aguardando jurídico', DEFAULT, 'rdstation')).toBeNull();
  });
});

describe('stageLines', () => {
  const row = (stageName: string, status?: ReadDeal['status']): ReadDeal => ({
    fields: { title: 'x' },
    stageName,
    status,
    closedOn: {},
  });

  it('lists each name the stage column places rows with, once, first seen first; a sent mapping decides', () => {
    const rows = [
      row('Proposal Made'),
      row('Visita'),
      row('proposal  made'),
      row('Proposal Made', 'won'),
      row('Só ganhos', 'lost'),
      row('visita'),
    ];
    expect(stageLines(rows, DEFAULT, 'pipedrive', {})).toEqual([
      { name: 'Proposal Made', rows: 2, stage: 'proposal', matchedBy: 'preset' },
      { name: 'Visita', rows: 2, stage: null, matchedBy: null },
    ]);
    expect(stageLines(rows, DEFAULT, 'pipedrive', { VISITA: 'negotiation', 'Proposal Made': 'qualification' })).toEqual(
      [
        { name: 'Proposal Made', rows: 2, stage: 'qualification', matchedBy: 'mapping' },
        { name: 'Visita', rows: 2, stage: 'negotiation', matchedBy: 'mapping' },
      ],
    );
  });
});

describe("reading other CRMs' cells", () => {
  it('reads amounts with a decimal comma or point, and refuses what numeric(12,2) cannot hold', () => {
    expect(['1.234,56', '1234,5', 'R$ 1.500', '1234.56', '1,234.56', '0', '15000'].map(dealValueOf)).toEqual([
      '1234.56',
      '1234.50',
      '1500.00',
      '1234.56',
      '1234.56',
      '0.00',
      '15000.00',
    ]);
    expect(['mil', '12345678901', '1,2,3', '1.5.5', '-10', '10,123'].map(dealValueOf)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('reads statuses, days, probabilities and a person written with their e-mail', () => {
    expect(['Em andamento', 'Vendida', 'Ganho', 'Perdida', 'Won', 'lost', 'Open', 'Talvez'].map(statusOf)).toEqual([
      'open',
      'won',
      'won',
      'lost',
      'won',
      'lost',
      'open',
      undefined,
    ]);
    expect(['05/10/2026', '2026-11-15 10:32:00', '31/02/2026', '2026-13-01', 'amanhã'].map(dayOf)).toEqual([
      '2026-10-05',
      '2026-11-15',
      null,
      null,
      null,
    ]);
    expect(['75', '75%', '0.2', '1', '0,75', '150', 'x'].map(probabilityOf)).toEqual([
      75,
      75,
      20,
      1,
      75,
      undefined,
      undefined,
    ]);
    const read = readDealCells(
      { Nome: 'Site', Contato: 'Rafael Souza (rafael@cafearoma.com.br)' },
      { Nome: 'title', Contato: 'contactName' },
    ) as ReadDeal;
    expect([read.contactName, read.contactEmail]).toEqual(['Rafael Souza', 'rafael@cafearoma.com.br']);
  });

  it("finds an offered lost reason by its label or seeded name, keeps other text as free text, and says 'other' for none", () => {
    const reason = (key: string, label: string | null, active = true): LostReason => ({
      id: 1,
      key,
      label,
      order: 1,
      active,
      updatedAt: new Date(0),
    });
    const reasons = [reason('price', null), reason('r_1', 'Prazo de entrega'), reason('r_2', 'Antigo', false)];
    expect(lostReasonOf('PRECO ALTO', reasons)).toBe('price');
    expect(lostReasonOf('Price too high', reasons)).toBe('price');
    expect(lostReasonOf('prazo de entrega', reasons)).toBe('Prazo de entrega');
    expect(lostReasonOf('Antigo', reasons)).toBe('Antigo');
    expect(lostReasonOf('Outra coisa', reasons)).toBe('Outra coisa');
    expect(lostReasonOf(undefined, reasons)).toBe('other');
  });
});
