import { describe, expect, it } from 'vitest';
import { createConflictFinder, type MemberProfile, nameKey, organisationDomain } from './conflict-rules.ts';

const FREE_MAIL = new Set(['gmail.com', 'qq.com', 'mail.ru', 'rediffmail.com']);

const member = (overrides: Partial<MemberProfile>): MemberProfile => ({
  memberId: 'm',
  userId: null,
  names: ['Nobody Inparticular'],
  emails: ['nobody@example.org'],
  affiliations: [''],
  coAuthorNames: [],
  ...overrides,
});

const paper = {
  paperId: 'p1',
  submitterId: 'u-submitter',
  submitterEmail: 'nguyen.van.an@me.hust.edu.vn',
  authors: [
    { name: 'Nguyễn Văn An', affiliation: 'Trường Đại học Bách khoa Hà Nội, Việt Nam', address: 'Hà Nội' },
    { name: 'Agnieszka Wiśniewska', affiliation: 'Politechnika Warszawska, Warszawa', address: 'Warszawa' },
    {
      name: 'Rajesh Kumar',
      affiliation: 'Dept. of Mechanical Engineering, I.I.T. Bombay, Mumbai',
      address: 'Powai, Mumbai 400076 (Rajesh.Kumar@iitb.ac.in).',
    },
  ],
};

describe('automatic conflicts of interest', () => {
  it('finds each kind of tie, with what matched', () => {
    const find = createConflictFinder(
      [
        member({ memberId: 'own', userId: 'u-submitter' }),
        member({ memberId: 'named', names: ['AGNIESZKA WISNIEWSKA'] }),
        member({ memberId: 'coauthor', coAuthorNames: ['Kumar Rajesh'] }),
        member({ memberId: 'domain', emails: ['tran@hust.edu.vn'] }),
        member({ memberId: 'institute', affiliations: ['Indian Institute of Technology Bombay'] }),
        member({ memberId: 'stranger', affiliations: ['IIT Delhi'], emails: ['x@iitd.ac.in'] }),
      ],
      FREE_MAIL,
    );
    const found = find(paper);
    expect(found.get('own')).toEqual([{ kind: 'own_paper', detail: '' }]);
    expect(found.get('named')).toEqual([{ kind: 'author', detail: 'Agnieszka Wiśniewska' }]);
    expect(found.get('coauthor')).toEqual([{ kind: 'co_author', detail: 'Rajesh Kumar' }]);
    expect(found.get('domain')).toEqual([{ kind: 'email_domain', detail: 'hust.edu.vn' }]);
    expect(found.get('institute')).toEqual([
      { kind: 'affiliation', detail: 'Dept. of Mechanical Engineering, I.I.T. Bombay, Mumbai' },
    ]);
    expect(found.has('stranger')).toBe(false);
  });

  it('never ties people by a free-mail domain', () => {
    expect(organisationDomain('wei.zhang@qq.com', FREE_MAIL)).toBeNull();
    expect(organisationDomain('ivanov@mail.ru', FREE_MAIL)).toBeNull();
    expect(organisationDomain('a.kowalska@pw.edu.pl', FREE_MAIL)).toBe('pw.edu.pl');
    // Nor by a domain reserved for examples and tests: a demo's authors are not colleagues.
    for (const email of ['author1@demo.example', 'x@example.org', 'y@e2e.test', 'z@mail.example.com'])
      expect(organisationDomain(email, FREE_MAIL), email).toBeNull();
    expect(organisationDomain('someone@example-university.edu', FREE_MAIL)).toBe('example-university.edu');
    const find = createConflictFinder([member({ memberId: 'gmail', emails: ['someone@gmail.com'] })], FREE_MAIL);
    expect(find({ ...paper, submitterEmail: 'author@gmail.com', authors: [] }).size).toBe(0);
  });

  it('finds an author by their e-mail: the submitter’s address, or one written in an author’s address', () => {
    const find = createConflictFinder(
      [
        // Invited at the submitter's address, before accepting: no account to compare yet.
        member({ memberId: 'invitee', emails: ['Nguyen.Van.An@me.hust.edu.vn'] }),
        member({ memberId: 'rajesh', emails: ['x@gmail.com', 'rajesh.kumar@iitb.ac.in'] }),
        member({ memberId: 'namesake', emails: ['kumar@iitb.ac.in'] }),
      ],
      FREE_MAIL,
    );
    const found = find(paper);
    expect(found.get('invitee')).toContainEqual({ kind: 'author_email', detail: 'nguyen.van.an@me.hust.edu.vn' });
    expect(found.get('rajesh')).toContainEqual({ kind: 'author_email', detail: 'rajesh.kumar@iitb.ac.in' });
    expect(found.has('namesake')).toBe(false);
  });

  it('does not call a member a co-author of their own paper', () => {
    const find = createConflictFinder(
      [member({ memberId: 'own', userId: 'u-submitter', coAuthorNames: ['Rajesh Kumar'] })],
      FREE_MAIL,
    );
    expect(find(paper).get('own')).toEqual([{ kind: 'own_paper', detail: '' }]);
  });

  it('reads a name in either order and whatever its accents, but not a different name', () => {
    expect(nameKey('Wei ZHANG')).toBe(nameKey('Zhang Wei'));
    expect(nameKey('Nguyễn Văn An')).toBe(nameKey('nguyen van an'));
    expect(nameKey('Zhang Wei')).not.toBe(nameKey('Zhang Wen'));
  });
});
