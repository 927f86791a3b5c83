import { expect, test } from '@playwright/test';
import { COMMITTEE_TEXTS } from '@shared/domain/committee.ts';
import { startTestSmtpServer, type TestSmtpServer } from '@server/test/smtp.ts';
import { E2E_ADMIN, registerAuthor } from '../fixtures/accounts.ts';
import { sessionTokenOf } from '../fixtures/api.ts';
import { logIn } from '../fixtures/captcha.ts';
import { seriousViolations } from '../fixtures/axe.ts';
import { E2E_SMTP_PORT } from '../fixtures/ports.ts';
import { pdfFile, signInThroughApi } from '../fixtures/papers.ts';

// The app under test sends its mail to this real SMTP server (a site-wide spec: one owns the port at a time).
let smtp: TestSmtpServer;

test.beforeAll(async () => {
  smtp = await startTestSmtpServer(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await smtp.close();
});

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function invitationLinkFor(email: string): Promise<string> {
  await expect.poll(() => smtp.inbox.find((mail) => mail.to.includes(email)), { timeout: 15_000 }).toBeTruthy();
  const mail = smtp.inbox.find((m) => m.to.includes(email))!.raw;
  const link = /(http:\/\/127\.0\.0\.1:\d+\/ictacem2025\/committee-invitation\/[A-Za-z0-9_-]+)/.exec(mail)?.[1];
  expect(link, mail).toBeTruthy();
  return link!;
}

test('an organiser invites three reviewers by e-mail; two join and review the same paper double-blind, one declines', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  // Four people in turn (organiser, three invitees) through invitation, bidding, assignment and
  // two reviews: about 50 s on a quiet host, past the default minute on a loaded one, and past
  // three minutes (at its last step) in a clean-clone CI whose browser tests took 21 min.
  test.setTimeout(300_000);
  // A paper in the joiner's theme, for them to bid on.
  const authorApi = await playwright.request.newContext({ baseURL });
  const author = await registerAuthor(authorApi, 'Ewa Nowak');
  const paperTitle = `Bid ${unique()} Wake of a flapping foil`;
  const submitted = await authorApi.post('api/papers/submit', {
    headers: { authorization: `Bearer ${await sessionTokenOf(authorApi, author)}` },
    multipart: {
      title: paperTitle,
      theme: 'Aerodynamics and Fluid Mechanics',
      modeOfPresentation: 'Oral',
      authors: JSON.stringify([{ name: 'Ewa Nowak', affiliation: 'Politechnika Gdańska', address: 'Gdańsk' }]),
      paperPdf: pdfFile('abstract.pdf'),
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const paperId = ((await submitted.json()) as { paper: { _id: string } }).paper._id;

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughApi(page, E2E_ADMIN);
  await page.goto('admin?section=committee');
  await expect(page.getByRole('heading', { level: 2, name: 'Programme Committee' })).toBeVisible();

  const invite = async (name: string, email: string, theme: string) => {
    await page.getByRole('button', { name: 'Invite reviewer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite reviewer' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    // Nothing typed: each field says what it needs, and nothing is sent.
    await expect(dialog.getByText('Please enter the reviewer’s name.')).toBeVisible();
    await expect(dialog.getByText('Choose at least one theme.')).toBeVisible();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel(theme).check();
    await dialog.getByLabel('Maximum papers').fill('6');
    await dialog.getByLabel('Personal note (optional)').fill('Your papers on turbulence made us think of you.');
    expect(await seriousViolations(page), 'the invitation dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    const sent = page.getByTestId('toast-success').filter({ hasText: `Invitation sent to ${email}.` });
    await expect(sent).toBeVisible();
    await expect(dialog).toHaveCount(0);
    // Closed, as a busy organiser would: the toasts stack over the corner where "Invite reviewer"
    // sits, and one moving up as another vanishes can take the next click.
    await sent.getByRole('button', { name: 'Close notification' }).click();
    await expect(sent).toHaveCount(0);
  };

  // Names of this run only: a retry on the same server finds the first attempt's invitees beside
  // them, and the assignment dialog must tell them apart.
  const run = unique().slice(-4);
  const joiner = { name: `李静 ${run}`, email: `li.jing.${unique()}@example.org` };
  const second = { name: `Nguyễn Thị Lan ${run}`, email: `lan.nguyen.${unique()}@example.org` };
  const decliner = { name: `Александр Соколов ${run}`, email: `a.sokolov.${unique()}@example.org` };
  await invite(joiner.name, joiner.email, 'Aerodynamics and Fluid Mechanics');
  await invite(second.name, second.email, 'Aerodynamics and Fluid Mechanics');
  await invite(decliner.name, decliner.email, 'Solid Mechanics and Dynamics');
  const rowOf = (email: string) => page.getByRole('row').filter({ hasText: email });
  for (const { email } of [joiner, second, decliner]) {
    await expect(rowOf(email).getByText('Invited', { exact: true })).toBeVisible();
    await expect(rowOf(email).getByRole('cell', { name: '6', exact: true })).toBeVisible();
  }

  // The first reviewer opens the e-mailed link, signed out, and joins with a new account.
  const visitor = await browser.newContext();
  const invitee = await visitor.newPage();
  await invitee.goto(await invitationLinkFor(joiner.email));
  await expect(invitee.getByText(`Dear ${joiner.name}`)).toBeVisible();
  await expect(invitee.getByText('Aerodynamics and Fluid Mechanics')).toBeVisible();
  await expect(invitee.getByText('Your papers on turbulence made us think of you.')).toBeVisible();
  expect(await seriousViolations(invitee), 'the invitation page').toEqual([]);
  await invitee.getByLabel('Password', { exact: true }).fill('vortex shedding at low reynolds');
  await invitee.getByLabel('Confirm password', { exact: true }).fill('vortex shedding at low reynolds');
  await invitee.getByRole('button', { name: 'Accept and create my account' }).click();
  await expect(invitee.getByText('Welcome to the programme committee of ICTACEM 2025.')).toBeVisible();
  const invitationUrl = invitee.url();

  // The new member bids at once: each choice is saved as it is made, and kept.
  await invitee.getByRole('link', { name: 'Bid on papers' }).click();
  await expect(invitee.getByRole('heading', { level: 1, name: 'Bidding' })).toBeVisible();
  await expect(invitee.getByTestId('bid-progress')).toContainText('You have bid on 0 of');
  const card = invitee.getByTestId('bid-card').filter({ hasText: paperTitle });
  await invitee.getByLabel('Search titles').fill(paperTitle);
  await card.getByLabel('Eager').check();
  await expect(invitee.getByTestId('bid-progress')).toContainText('You have bid on 1 of');
  expect(await seriousViolations(invitee), 'the bidding page').toEqual([]);
  await invitee.reload();
  await invitee.getByLabel('Search titles').fill(paperTitle);
  await expect(card.getByLabel('Eager')).toBeChecked();
  await card.getByRole('button', { name: 'Clear' }).click();
  await expect(invitee.getByTestId('bid-progress')).toContainText('You have bid on 0 of');
  // Eager again: the automatic assignment below gives them this paper first.
  await card.getByLabel('Eager').check();
  await expect(invitee.getByTestId('bid-progress')).toContainText('You have bid on 1 of');

  await invitee.goto(invitationUrl.slice(0, invitationUrl.indexOf('committee-invitation')) + 'profile');
  await expect(invitee.getByTestId('welcome-username')).toHaveText(joiner.name);
  // The link worked once.
  await invitee.goto(invitationUrl);
  await expect(invitee.getByText('This invitation has already been answered.')).toBeVisible();
  await visitor.close();

  // The second joins too, and is as eager to read the paper.
  const secondContext = await browser.newContext();
  const secondPage = await secondContext.newPage();
  await secondPage.goto(await invitationLinkFor(second.email));
  await secondPage.getByLabel('Password', { exact: true }).fill('kármán vortex street in a channel');
  await secondPage.getByLabel('Confirm password', { exact: true }).fill('kármán vortex street in a channel');
  await secondPage.getByRole('button', { name: 'Accept and create my account' }).click();
  await expect(secondPage.getByText('Welcome to the programme committee of ICTACEM 2025.')).toBeVisible();
  await secondPage.getByRole('link', { name: 'Bid on papers' }).click();
  await secondPage.getByLabel('Search titles').fill(paperTitle);
  await secondPage.getByTestId('bid-card').filter({ hasText: paperTitle }).getByLabel('Eager').check();
  await expect(secondPage.getByTestId('bid-progress')).toContainText('You have bid on 1 of');
  await secondContext.close();

  // The third declines, with a reason.
  const other = await browser.newContext();
  const declining = await other.newPage();
  await declining.goto(await invitationLinkFor(decliner.email));
  await declining.getByLabel('Reason (optional)').fill('I am on sabbatical until March.');
  await declining.getByRole('button', { name: 'Decline the invitation' }).click();
  await expect(
    declining.getByText('Thank you for letting us know; the organisers will see your answer.'),
  ).toBeVisible();
  await other.close();

  await page.reload();
  await expect(rowOf(joiner.email)).toContainText('Accepted');
  await expect(rowOf(second.email)).toContainText('Accepted');
  await expect(rowOf(decliner.email)).toContainText('Declined');
  await expect(rowOf(decliner.email)).toContainText('I am on sabbatical until March.');
  expect(await seriousViolations(page), 'the committee table').toEqual([]);

  // Automatic assignment: the plan first, nothing assigned until it is applied.
  await page.getByRole('button', { name: 'Assign automatically' }).click();
  const automatic = page.getByRole('dialog', { name: 'Assign automatically' });
  await automatic.getByLabel('Reviews per paper').fill('2');
  await automatic.getByRole('button', { name: 'Show the plan' }).click();
  const plan = automatic.getByTestId('assignment-plan');
  await expect(plan.getByText(joiner.name).first()).toBeVisible();
  await expect(plan.getByText(paperTitle).first()).toBeVisible();
  // Bids first: the two members' Eager bids are among the plan's pairs.
  await expect(plan.getByTestId('plan-fit')).toContainText(/By bid: [1-9][\d,]* Eager/);
  const assignedCell = rowOf(joiner.email).getByRole('cell').nth(3);
  await expect(assignedCell).toHaveText(/^(Reviews: )?0 assigned, 0 submitted$/);
  expect(await seriousViolations(page), 'the assignment plan').toEqual([]);
  await automatic.getByRole('button', { name: 'Apply the plan' }).click();
  await expect(
    page.getByTestId('toast-success').filter({ hasText: 'each was e-mailed their new papers' }),
  ).toBeVisible();
  await expect(automatic).toHaveCount(0);
  await expect
    // The outbox may still be sending the rest of the suite's mail.
    .poll(() => smtp.inbox.find((mail) => mail.to.includes(joiner.email) && mail.raw.includes('for you to review')), {
      timeout: 30_000,
    })
    .toBeTruthy();
  await expect(assignedCell).toHaveText(/^(Reviews: )?[1-6] assigned, 0 submitted$/);
  await page.getByRole('button', { name: 'Remind reviewers' }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Reminders are on their way to' })).toBeVisible();
  await expect
    .poll(() => smtp.inbox.find((mail) => mail.to.includes(joiner.email) && mail.raw.includes('still to submit')), {
      timeout: 30_000,
    })
    .toBeTruthy();

  // On the paper: the reviewer, taken back while nothing is written, then assigned by hand.
  await page.goto(`admin/paper/${paperId}`);
  await page.getByRole('tab', { name: 'Committee' }).click();
  const reviewers = page.getByRole('region', { name: 'Reviewers' });
  await expect(reviewers.getByText(joiner.name)).toBeVisible();
  await expect(reviewers.getByText('Not started').first()).toBeVisible();
  await reviewers.getByRole('button', { name: `Unassign ${joiner.name}` }).click();
  await expect(reviewers.getByText(joiner.name)).toHaveCount(0);
  await reviewers.getByRole('button', { name: 'Assign reviewers' }).click();
  const assignDialog = page.getByRole('dialog', { name: 'Assign reviewers' });
  await assignDialog.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(assignDialog.getByText('Choose at least one member.')).toBeVisible();
  const option = assignDialog.getByRole('checkbox', { name: new RegExp(joiner.name) });
  await expect(assignDialog.getByText('Eager').first()).toBeVisible();
  await expect(assignDialog.getByText('Theme match').first()).toBeVisible();
  expect(await seriousViolations(page), 'the assign reviewers dialog').toEqual([]);
  await option.check();
  // The plan gave the paper its two reviewers; should the suite's other papers have taken the
  // second's room, she is given it here.
  const secondOption = assignDialog.getByRole('checkbox', { name: new RegExp(second.name) });
  const bothByHand = await secondOption.isEnabled();
  if (bothByHand) await secondOption.check();
  await assignDialog.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(
    page
      .getByTestId('toast-success')
      .filter({ hasText: bothByHand ? '2 reviews assigned to 2 members' : '1 review assigned to 1 member' }),
  ).toBeVisible();
  await expect(reviewers.getByText('Not started')).toHaveCount(2);
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.locator('[data-action="reviewer_unassigned"]')).toContainText(joiner.name);

  // From the paper list, on a selection: the same choice of members, with their loads. (Whether the
  // member still has room depends on how many papers the whole suite left undecided, so nothing is
  // assigned here; assigning a selection is covered by the server's tests.)
  await page.goto('admin?section=papers');
  // The search applied (its request answered), not the first page before it: a new search starts a
  // new selection, and a suite with one paper shows "1 paper" before the search as well.
  const searched = page.waitForResponse((res) => res.url().includes('/api/admin/papers?search='));
  await page.getByLabel('Search papers').fill(paperTitle);
  await searched;
  await expect(page.getByTestId('papers-found')).toContainText('1 paper');
  // Its first reviewer started the paper's review; selecting waits for the list's fresh row.
  await expect(page.getByTestId('admin-paper-card').filter({ hasText: paperTitle })).toContainText(
    'Review in Progress',
  );
  await page.getByLabel('Select all on this page').check();
  await page.getByRole('button', { name: 'Bulk actions' }).click();
  await page.getByRole('button', { name: 'Assign reviewers' }).click();
  const bulkDialog = page.getByRole('dialog', { name: 'Assign reviewers' });
  await expect(bulkDialog.getByText('the 1 selected paper')).toBeVisible();
  await expect(bulkDialog.getByRole('checkbox', { name: new RegExp(joiner.name) })).toBeVisible();
  await expect(bulkDialog.getByText(/^\d+ of 6 papers/).first()).toBeVisible();
  await bulkDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(bulkDialog).toHaveCount(0);

  // Double-blind review from here on: the member never sees who wrote the paper.
  await page.goto('admin?section=committee');
  const reviewMode = page.getByRole('form', { name: 'Review mode' });
  await reviewMode.getByLabel(/^Double-blind/).check();
  await reviewMode.getByRole('button', { name: 'Save review mode' }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Review mode: Double-blind.' })).toBeVisible();

  // The member reviews it: a draft first, then the review, each step checked as a reviewer would meet it.
  const reviewerContext = await browser.newContext();
  const reviewing = await reviewerContext.newPage();
  await signInThroughApi(reviewing, { email: joiner.email, password: 'vortex shedding at low reynolds' });
  await reviewing.goto('profile');
  await reviewing.getByRole('link', { name: 'Reviews', exact: true }).first().click();
  await expect(reviewing.getByRole('heading', { level: 1, name: 'My reviews' })).toBeVisible();
  const reviewCard = reviewing.getByTestId('review-card').filter({ hasText: paperTitle });
  await expect(reviewCard).toContainText('Not started');
  expect(await seriousViolations(reviewing), 'my reviews').toEqual([]);
  await reviewCard.getByRole('link', { name: paperTitle }).click();
  const form = reviewing.getByRole('form', { name: 'Your review' });
  await expect(reviewing.getByText('Double-blind review: the authors are not shown to reviewers.')).toBeVisible();
  for (const secret of ['Ewa Nowak', 'Politechnika Gdańska', author.email, author.customUserId])
    expect(await reviewing.content(), `the review page names ${secret}`).not.toContain(secret);
  const discussion = reviewing.getByRole('region', { name: 'Other reviews and discussion' });
  await expect(discussion).toContainText('Submit your review to read the other reviews');
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(form.getByText('Please give a mark from 0 to 100.')).toBeVisible();
  await expect(form.getByText('Please say how confident you are.')).toBeVisible();
  await form.getByLabel('Mark (0–100)').fill('150');
  await form
    .getByLabel('Comments to the authors')
    .fill('Clear experiments; the wake model needs validation at higher Reynolds numbers.');
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(form.getByText('The mark is a whole number from 0 to 100.')).toBeVisible();
  await form.getByLabel('Mark (0–100)').fill('74');
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(reviewing.getByTestId('toast-success').filter({ hasText: 'Draft saved.' })).toBeVisible();
  await expect(form.getByText('Draft', { exact: true })).toBeVisible();
  await form.getByLabel('Confidence').selectOption({ label: '4 Very knowledgeable' });
  await form.getByLabel('Confidential comments to the committee').fill('Could be a poster.');
  expect(await seriousViolations(reviewing), 'the review form').toEqual([]);
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(reviewing.getByTestId('toast-success').filter({ hasText: 'Your review was submitted.' })).toBeVisible();
  await expect(form.getByText('Submitted', { exact: true })).toBeVisible();
  // Taken back and assigned again, the joiner is a new reviewer of the paper: the plan gave
  // numbers 1 and 2, so theirs is 3, and the other reviewer keeps theirs.
  const joinerLabel = 'Reviewer 3';
  await expect(discussion).toContainText(`You are ${joinerLabel} here`);
  await discussion.getByLabel('Your message').fill('Happy to discuss the wake model.');
  await discussion.getByRole('button', { name: 'Post message' }).click();
  await expect(discussion.getByTestId('discussion-message')).toContainText('Happy to discuss the wake model.');
  await reviewing.reload();
  await expect(form.getByLabel('Mark (0–100)')).toHaveValue('74');
  await expect(form.getByRole('button', { name: 'Save draft' })).toHaveCount(0);
  await reviewerContext.close();

  // The second reviewer, far less convinced: once submitted, she reads the first review and the thread.
  const secondReviewerContext = await browser.newContext();
  const secondReviewing = await secondReviewerContext.newPage();
  await signInThroughApi(secondReviewing, { email: second.email, password: 'kármán vortex street in a channel' });
  await secondReviewing.goto('reviews');
  await secondReviewing.getByTestId('review-card').filter({ hasText: paperTitle }).getByRole('link').first().click();
  const secondForm = secondReviewing.getByRole('form', { name: 'Your review' });
  for (const secret of ['Ewa Nowak', 'Politechnika Gdańska', author.email, author.customUserId])
    expect(await secondReviewing.content(), `the review page names ${secret}`).not.toContain(secret);
  const secondDiscussion = secondReviewing.getByRole('region', { name: 'Other reviews and discussion' });
  await expect(secondForm.getByLabel('Mark (0–100)')).toBeEditable();
  await expect(secondDiscussion).toContainText('Submit your review to read the other reviews', { timeout: 15_000 });
  await expect(secondReviewing.getByText('Happy to discuss the wake model.')).toHaveCount(0);
  await secondForm.getByLabel('Mark (0–100)').fill('40');
  await secondForm.getByLabel('Confidence').selectOption({ label: '2 Some familiarity' });
  await secondForm
    .getByLabel('Comments to the authors')
    .fill('Mô hình vết xoáy chưa được kiểm chứng; the uncertainty of the PIV data is not given.');
  await secondForm.getByLabel('Confidential comments to the committee').fill('Not ready this year.');
  await secondForm.getByRole('button', { name: 'Submit review' }).click();
  await expect(
    secondReviewing.getByTestId('toast-success').filter({ hasText: 'Your review was submitted.' }),
  ).toBeVisible();
  await expect(secondDiscussion).toContainText(/You are Reviewer [12] here/);
  const secondLabel = /You are (Reviewer [12]) here/.exec(await secondDiscussion.innerText())![1]!;
  await expect(secondDiscussion).toContainText('Happy to discuss the wake model.');
  await expect(secondDiscussion).toContainText('the wake model needs validation at higher Reynolds numbers');
  expect(await secondReviewing.content(), 'the other reviewer’s name').not.toContain(joiner.name);
  await secondDiscussion.getByLabel('Your message').fill('The PIV uncertainty decides it for me.');
  await secondDiscussion.getByRole('button', { name: 'Post message' }).click();
  await expect(secondDiscussion.getByTestId('discussion-message')).toHaveCount(2);
  await secondReviewerContext.close();

  await page.goto(`admin/paper/${paperId}`);
  await page.getByRole('tab', { name: 'Committee' }).click();
  await expect(reviewers.getByText('Submitted', { exact: true })).toHaveCount(2);
  await expect(reviewers.getByRole('button', { name: `Unassign ${joiner.name}` })).toHaveCount(0);
  const organiserThread = page.getByRole('region', { name: 'Discussion' }).getByTestId('discussion-message');
  await expect(organiserThread.first()).toContainText(`${joiner.name} (${joinerLabel})`);
  await expect(organiserThread.nth(1)).toContainText(`${second.name} (${secondLabel})`);
  // Both reviews side by side, their marks combined: (74 + 40) / 2, 34 apart, weighted (74·4 + 40·2) / 6.
  const summary = page.getByTestId('review-summary');
  await expect(summary).toContainText('Reviews2/2');
  await expect(summary).toContainText('Mean mark57');
  await expect(summary).toContainText('Confidence-weighted62.7');
  await expect(summary).toContainText('Spread34');
  await expect(page.getByText('Disagreement: the marks are 34 apart')).toBeVisible();
  await expect(page.getByTestId('paper-review')).toHaveCount(2);
  await expect(page.getByTestId('paper-review').filter({ hasText: 'Could be a poster.' })).toBeVisible();
  await expect(page.getByTestId('paper-review').filter({ hasText: 'Not ready this year.' })).toBeVisible();
  await page.getByRole('tab', { name: 'Confidential Notes and Marks' }).click();
  await page.getByRole('button', { name: 'Edit Evaluation' }).click();
  await expect(page.getByLabel('Marks (0-100)')).toHaveValue('63');
  await expect(page.getByText('Prefilled with the committee’s confidence-weighted mean (62.7)')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  // In the paper list: the reviews, the mean and the flag, and the filter that finds such papers.
  await page.goto('admin?section=papers');
  await page.getByLabel('Search papers').fill(paperTitle);
  const listed = page.getByTestId('admin-paper-card').filter({ hasText: paperTitle });
  await expect(listed.getByTestId('reviews-count')).toHaveText('2/2 submitted');
  await expect(listed.getByTestId('mean-mark')).toContainText('57');
  await expect(listed.getByTestId('mean-mark')).toContainText('Spread 34');
  await expect(listed.getByTestId('mean-mark')).toContainText('Disagreement');
  const filters = page.getByRole('button', { name: /Filters/ });
  if ((await filters.getAttribute('aria-expanded')) === 'false') await filters.click();
  await page.getByLabel('Disagreement', { exact: true }).selectOption({ label: 'No disagreement' });
  await expect(page.getByText('No papers found')).toBeVisible();
  await page.getByLabel('Disagreement', { exact: true }).selectOption({ label: 'Disagreement' });
  await expect(listed).toBeVisible();
  await page.getByLabel('Reviews', { exact: true }).selectOption({ label: 'Reviews complete' });
  await expect(listed).toBeVisible();

  // The decision, and the reviewers' comments shared with it: the author reads them under the
  // numbers the discussion used, never a mark or a name.
  await page.goto(`admin/paper/${paperId}`);
  const decision = page.getByRole('region', { name: 'Review & Status' });
  await decision.getByLabel('Review comments').fill('Accepted for an oral presentation.');
  await decision.getByRole('button', { name: 'Abstract Accepted' }).click();
  await decision.getByLabel('Share reviewers’ comments with the author').check();
  expect(await seriousViolations(page), 'the decision with sharing').toEqual([]);
  await decision.getByRole('button', { name: 'Update Review' }).click();
  await expect(
    page.getByTestId('toast-success').filter({ hasText: 'Paper status updated to Abstract Accepted' }),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Committee' }).click();
  await expect(page.getByRole('button', { name: 'Stop sharing' })).toBeVisible();
  const authorContext = await browser.newContext();
  const authorPage = await authorContext.newPage();
  await signInThroughApi(authorPage, author);
  await authorPage.goto('profile');
  const shared = authorPage.getByTestId('reviewer-comment');
  await expect(shared).toHaveCount(2);
  await expect(shared.filter({ hasText: joinerLabel })).toContainText(
    'the wake model needs validation at higher Reynolds numbers',
  );
  await expect(shared.filter({ hasText: secondLabel })).toContainText('the uncertainty of the PIV data is not given');
  const sharedText = (await shared.allInnerTexts()).join('\n');
  for (const secret of ['74', '40', '57'])
    expect(sharedText, `the shared comments show the mark ${secret}`).not.toContain(secret);
  const authorView = await authorPage.locator('main').innerText();
  for (const secret of [joiner.name, second.name, 'Could be a poster.', 'Not ready this year.', 'Very knowledgeable'])
    expect(authorView, `the author's page shows ${secret}`).not.toContain(secret);
  await authorContext.close();
  await page.goto('admin?section=committee');
  await expect(rowOf(joiner.email).getByRole('cell').nth(3)).toHaveText(/^(Reviews: )?[1-6] assigned, 1 submitted$/);

  await reviewMode.getByLabel(/^Single-blind/).check();
  await reviewMode.getByRole('button', { name: 'Save review mode' }).click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Review mode: Single-blind.' })).toBeVisible();

  // Removing a member asks first.
  await rowOf(joiner.email)
    .getByRole('button', { name: `Remove: ${joiner.name}` })
    .click();
  await rowOf(joiner.email).getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(
    page.getByTestId('toast-success').filter({ hasText: 'The member was removed from the committee.' }),
  ).toBeVisible();
  await expect(rowOf(joiner.email)).toContainText('Revoked');
});

test('an author invited to the committee signs in from the invitation and accepts with their account', async ({
  page,
  playwright,
  baseURL,
}) => {
  const author = await registerAuthor(await playwright.request.newContext({ baseURL }), 'Priya Raghunathan');
  const organiser = await playwright.request.newContext({ baseURL });
  const token = await sessionTokenOf(organiser, E2E_ADMIN);
  const invited = await organiser.post('api/admin/committee/invitations', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: author.username, email: author.email, themes: ['Propulsion and Combustion'], maxPapers: 4 },
  });
  expect(invited.status(), await invited.text()).toBe(201);

  const link = await invitationLinkFor(author.email);
  await page.goto(link);
  await page.getByRole('link', { name: 'Sign in to accept' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, author);
  // Back at the invitation, now as the invited account, agreeing to be named.
  await expect(page).toHaveURL(link);
  const listPublicly = page.getByLabel(COMMITTEE_TEXTS.listPubliclyLabel);
  await expect(listPublicly).not.toBeChecked();
  await listPublicly.check();
  await page.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(page.getByText('Welcome to the programme committee of ICTACEM 2025.')).toBeVisible();

  // Named on the public Committee page, beside the organisers' own lists (still to be announced).
  await page.goto('committee');
  await expect(page.getByRole('region', { name: 'Programme Committee' })).toContainText(author.username);
  await expect(page.getByRole('region', { name: 'Patrons' })).toContainText('To be announced.');

  // Later, from their reviews page, the member withdraws that consent, and the page follows.
  await page.goto('reviews');
  const listing = page.getByRole('region', { name: COMMITTEE_TEXTS.listingHeading });
  await expect(listing).toContainText(`${COMMITTEE_TEXTS.listedAs} ${author.username}`);
  await listing.getByRole('button', { name: COMMITTEE_TEXTS.unlistMe }).click();
  await expect(page.getByText(COMMITTEE_TEXTS.unlistedNow)).toBeVisible();
  await expect(listing).toContainText(COMMITTEE_TEXTS.notListed);
  await expect(listing.getByRole('button', { name: COMMITTEE_TEXTS.listPubliclyLabel })).toBeEnabled();
  await page.goto('committee');
  await expect(page.getByRole('region', { name: 'Patrons' })).toContainText('To be announced.');
  // The header still names the signed-in account; the page's lists no longer do.
  await expect(page.getByRole('main').getByText(author.username)).toHaveCount(0);
});

test('in double-blind review the submission page asks authors to remove their names from the PDF', async ({
  page,
  request,
}) => {
  const notice = 'Remove your names from the PDF: the committee reviews it without them.';
  const author = await registerAuthor(request, 'Nguyễn Thị Bích Ngọc');
  await signInThroughApi(page, author);
  const token = await sessionTokenOf(request, E2E_ADMIN);
  const setReviewMode = async (reviewMode: string) => {
    const saved = await request.put('api/admin/committee/review-mode', {
      headers: { authorization: `Bearer ${token}` },
      data: { reviewMode },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  };
  const openUploadStep = async () => {
    await page.goto('submit-paper');
    await page.getByLabel('Paper Title').fill('Dao động của tấm composite dưới tải trọng chu kỳ');
    await page.getByLabel('Theme').selectOption({ label: 'Aerodymanics and Fluid Mechanics' });
    await page.getByLabel('Mode of Presentation').selectOption('Oral');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByLabel('Name', { exact: true }).fill(author.username);
    await page.getByLabel('Affiliation', { exact: true }).fill('Đại học Huế');
    await page.getByLabel('Address', { exact: true }).fill('Huế, Việt Nam');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByLabel('Extended abstract (PDF)')).toBeVisible();
  };

  await setReviewMode('single_blind');
  await openUploadStep();
  await expect(page.getByRole('main')).toContainText('Prepare your abstract with the');
  await expect(page.getByText(notice)).toHaveCount(0);

  await setReviewMode('double_blind');
  try {
    await openUploadStep();
    await expect(page.getByRole('status').filter({ hasText: notice })).toBeVisible();
  } finally {
    await setReviewMode('single_blind');
  }
});
