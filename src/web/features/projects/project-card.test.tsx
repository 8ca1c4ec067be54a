// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { ProjectView } from '../../../domain/project-schemas';
import type { SessionUser } from '../../../domain/api-types';
import { AppProviders } from '../../app-providers';
import { makeUser, stubFetch } from '../../../../test/web/render-app';
import { SignedInUserContext } from '../auth/signed-in-user';
import { ProjectCard } from './project-card';
import '../../../../test/web/jsdom-shims';
import { milestoneView, offerView, projectView } from '../../../../test/web/project-fixtures';
import { resetBetweenTests } from '../../../../test/web/reset-between-tests';

resetBetweenTests();

const maker = makeUser({ id: 'maker-1', role: 'maker', name: 'Mara Maker' });
const client = makeUser({ id: 'client-1', role: 'client', name: 'June Alder' });

/** A two-milestone project whose second milestone was submitted, then flagged by the client. */
const disputed = (overrides: Partial<ProjectView> = {}): ProjectView =>
  projectView({
    status: 'in_review',
    flagged: true,
    flagReason: 'Client flagged for review',
    creator: { id: maker.id, name: maker.name, role: 'maker', avatarUrl: null },
    milestones: [
      milestoneView({ status: 'approved', approvedAt: '2030-01-09T10:00:00.000Z' }),
      milestoneView({ id: 'm-2', position: 2, title: 'The three tins', status: 'submitted', autoApproveAt: '2030-01-27T10:00:00.000Z', late: true }),
    ],
    ...overrides,
  });

const renderCard = (user: SessionUser, project: ProjectView) => {
  stubFetch({ [`GET /api/payments/projects/${project.id}`]: { status: 404, body: { error: 'not_found', message: 'x' } } });
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SignedInUserContext value={user}>
        <ProjectCard project={project} perspective={user.role === 'client' ? 'client' : 'creator'} />
      </SignedInUserContext>
    </AppProviders>,
  );
};

const rowsOf = () => screen.getAllByRole('listitem', { name: /^Milestone/ });

describe('a project card after a dispute', () => {
  it('shows the flag, and the milestone in review, while the flag waits for an admin', () => {
    renderCard(client, disputed());
    expect(screen.getByText('Flagged')).toBeTruthy();
    expect(screen.getByText('Flag reason: Client flagged for review')).toBeTruthy();
    expect(within(rowsOf()[1]).getByText('Submitted')).toBeTruthy();
  });

  for (const user of [client, maker]) {
    it(`shows a project the admin cancelled as cancelled, not flagged, its unapproved milestone stopped (${user.role})`, () => {
      renderCard(user, disputed({ status: 'cancelled' }));
      expect(screen.getByText('Cancelled')).toBeTruthy();
      expect(screen.queryByText('Flagged')).toBeNull();
      expect(screen.queryByText(/Flag reason/)).toBeNull();
      const [first, second] = rowsOf();
      expect(within(first).getByText('Approved')).toBeTruthy();
      expect(within(second).getByText('Stopped')).toBeTruthy();
      expect(within(second).queryByText('Submitted')).toBeNull();
      expect(within(second).queryByText('Late')).toBeNull();
      expect(within(second).queryByText(/Approves automatically/)).toBeNull();
      expect(screen.getByText('Work stopped when the project was cancelled.')).toBeTruthy();
      expect(screen.queryByText(/Revision rounds left/)).toBeNull();
    });
  }

  it('promises no funding step for a cancelled project\'s milestones that will never start, and keeps what happened to money held', () => {
    const cancelled = disputed({
      status: 'cancelled',
      milestones: [
        milestoneView({ status: 'active', funding: 'refunded' }),
        milestoneView({ id: 'm-2', position: 2, title: 'The three tins', status: 'pending', funding: 'not_due' }),
      ],
    });
    renderCard(client, cancelled);
    const [first, second] = rowsOf();
    expect(within(first).getByText('Refunded to the client')).toBeTruthy();
    expect(within(second).getByText('Stopped')).toBeTruthy();
    expect(within(second).queryByText('To fund when it starts')).toBeNull();
  });

  it('still says a pending milestone of a project under way is to fund when it starts', () => {
    renderCard(client, disputed({ status: 'active', flagged: false, flagReason: null, milestones: [milestoneView({ status: 'active', funding: 'funded' }), milestoneView({ id: 'm-2', position: 2, status: 'pending', funding: 'not_due' })] }));
    expect(within(rowsOf()[1]).getByText('To fund when it starts')).toBeTruthy();
  });

  it('shows no flag on a completed project either', () => {
    renderCard(client, disputed({ status: 'completed', milestones: [milestoneView({ status: 'approved', approvedAt: '2030-01-09T10:00:00.000Z' })] }));
    expect(screen.queryByText('Flagged')).toBeNull();
    expect(screen.queryByText('Stopped')).toBeNull();
    expect(screen.queryByText('Work stopped when the project was cancelled.')).toBeNull();
  });
});

describe('a client’s draft while the creator is to answer', () => {
  const creator = { id: maker.id, name: maker.name, role: 'maker' as const, avatarUrl: null };

  it('says who it waits on before any offer', () => {
    renderCard(client, projectView({ creator }));
    expect(screen.getByText('Waiting for Mara Maker to accept your brief or send an offer.')).toBeTruthy();
  });

  it('says a new version is awaited once the client asked for changes', () => {
    renderCard(client, projectView({ creator, offers: [offerView({ status: 'changes_requested', responseNote: 'Gift box first.' })] }));
    expect(screen.getByText('Waiting for Mara Maker to send a new version of the offer.')).toBeTruthy();
  });

  it('says nothing of the kind when the offer waits on the client, to the creator, or without a creator', () => {
    renderCard(client, projectView({ creator, offers: [offerView()] }));
    expect(screen.queryByText(/^Waiting for Mara Maker/)).toBeNull();
    cleanup();
    renderCard(maker, projectView({ creator }));
    expect(screen.queryByText(/^Waiting for Mara Maker/)).toBeNull();
    cleanup();
    renderCard(client, projectView());
    expect(screen.queryByText(/^Waiting for/)).toBeNull();
  });
});

describe('a delivery is linked once', () => {
  const creator = { id: maker.id, name: maker.name, role: 'maker' as const, avatarUrl: null };
  const file = (name: string) => `/files/deliverables/maker-1/p-1/${name}.pdf`;

  it('by the Deliverable section when the project has one milestone, not again on its row', () => {
    renderCard(client, projectView({ status: 'in_review', creator, deliverableUrl: file('one'), milestones: [milestoneView({ status: 'submitted', deliverableUrl: file('one') })] }));
    expect(screen.getAllByRole('link', { name: /deliver/i }).map((link) => link.getAttribute('href'))).toEqual([file('one')]);
    expect(screen.queryByText('Milestone 1 delivery')).toBeNull();
  });

  it('by each milestone’s row when there are several', () => {
    renderCard(client, projectView({
      status: 'in_review',
      creator,
      deliverableUrl: file('two'),
      milestones: [milestoneView({ status: 'approved', deliverableUrl: file('one') }), milestoneView({ id: 'm-2', position: 2, status: 'submitted', deliverableUrl: file('two') })],
    }));
    expect(screen.getByText('Milestone 1 delivery')).toBeTruthy();
    expect(screen.getByText('Milestone 2 delivery')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Deliverable' })).toBeNull();
  });
});

describe('a project’s files show their Content Credentials and a hold for provenance review on the file itself', () => {
  const creator = { id: maker.id, name: maker.name, role: 'maker' as const, avatarUrl: null };
  const camera = {
    generator: 'Fieldmark Camera',
    tool: 'Fieldmark M2',
    signer: 'Test Camera Co',
    issuer: 'Humanmade Test CA',
    signedAt: null,
    statedAt: '2026-03-12T10:30:00.000Z',
    actions: ['c2pa.created', 'c2pa.color_adjustments'],
    digitalSourceType: 'http://cv.iptc.org/newscodes/digitalsourcetype/digitalCapture',
    aiDeclared: false,
    valid: true,
  };
  const generated = { ...camera, generator: 'Imagine Studio', tool: 'Imagine Diffusion 4', aiDeclared: true, valid: false };
  const doc = (id: string, provenance: ProjectView['processDocs'][number]['provenance'], description: string | null = null) => ({
    id,
    fileUrl: `/files/process-docs/maker-1/p-1/process/${id}.png`,
    description,
    milestoneId: null,
    createdAt: '2026-03-12T11:00:00.000Z',
    provenance,
  });
  const held = 'Held for provenance review';
  const itemOf = (image: HTMLElement) => image.closest('li') as HTMLElement;

  it('marks a credentialed deliverable and process doc, says which file is held, and leaves a plain one alone', () => {
    renderCard(
      client,
      projectView({
        status: 'in_review',
        creator,
        deliverableUrl: '/files/deliverables/maker-1/p-1/deliverable/final.png',
        deliverableProvenance: { contentCredentials: camera, heldForReview: false },
        milestones: [milestoneView({ status: 'submitted', deliverableUrl: '/files/deliverables/maker-1/p-1/deliverable/final.png' })],
        processDocs: [
          doc('shot', { contentCredentials: camera, heldForReview: false }, 'Light study'),
          doc('render', { contentCredentials: generated, heldForReview: true }),
          doc('sketch', { contentCredentials: null, heldForReview: false }),
        ],
      }),
    );
    const deliverable = screen.getByRole('heading', { name: 'Deliverable' }).closest('section') as HTMLElement;
    expect(within(deliverable).getByRole('button', { name: 'Content Credentials of Deliverable of Wordmark' })).toBeTruthy();
    expect(within(deliverable).queryByText(held)).toBeNull();

    const shot = itemOf(screen.getByRole('img', { name: 'Light study' }));
    expect(within(shot).getByRole('button', { name: 'Content Credentials of Light study' })).toBeTruthy();
    expect(within(shot).queryByText(held)).toBeNull();
    // A claim that did not verify gets no mark; the hold shows all the same.
    const rendered = itemOf(screen.getByRole('img', { name: 'Process doc 2' }));
    expect(within(rendered).getByText(held)).toBeTruthy();
    expect(within(rendered).queryByRole('button')).toBeNull();
    const sketch = itemOf(screen.getByRole('img', { name: 'Process doc 3' }));
    expect(sketch.textContent).toBe('');
    expect(within(sketch).queryByRole('button')).toBeNull();
  });

  it('says so on a held deliverable, and on each milestone’s delivery when there are several', () => {
    const file = (name: string) => `/files/deliverables/maker-1/p-1/deliverable/${name}.png`;
    renderCard(
      maker,
      projectView({
        status: 'in_review',
        creator,
        deliverableUrl: file('two'),
        deliverableProvenance: { contentCredentials: { ...generated, valid: true }, heldForReview: true },
        milestones: [
          milestoneView({ status: 'approved', deliverableUrl: file('one'), deliverableProvenance: { contentCredentials: camera, heldForReview: false } }),
          milestoneView({ id: 'm-2', position: 2, status: 'submitted', deliverableUrl: file('two'), deliverableProvenance: { contentCredentials: { ...generated, valid: true }, heldForReview: true } }),
        ],
      }),
    );
    const [first, second] = rowsOf();
    expect(within(first).getByRole('button', { name: 'Content Credentials of Milestone 1 delivery of Wordmark' })).toBeTruthy();
    expect(within(first).queryByText(held)).toBeNull();
    expect(within(second).getByText(held)).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Content Credentials of Milestone 2 delivery of Wordmark' })).toBeTruthy();
  });
});
