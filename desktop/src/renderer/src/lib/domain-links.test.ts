import { describe, expect, it } from 'vitest';
import { domainTarget, domainUrl, nameTarget } from './domain-links';

const CID = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';
const NAME = 'k51qzi5uqu5dlvj2baxnqndepeb86cbk3ng7n3i46uzyxzyqj2xjonzllnv0v8';

describe('domain links', () => {
  it('opens a domain at its root over the scheme the app is reached by, HTTP when it is neither', () => {
    expect(domainUrl('files.example.org', 'https:')).toBe('https://files.example.org/');
    expect(domainUrl('files.example.org', 'http:')).toBe('http://files.example.org/');
    expect(domainUrl('files.example.org', 'file:')).toBe('http://files.example.org/');
  });

  it('targets a name by its /ipns path', () => {
    expect(nameTarget(NAME)).toBe(`/ipns/${NAME}`);
  });

  it('reads a bare CID as an /ipfs path, and keeps a path as typed', () => {
    expect(domainTarget(` ${CID} `)).toBe(`/ipfs/${CID}`);
    expect(domainTarget(`/ipfs/${CID}/docs/`)).toBe(`/ipfs/${CID}/docs`);
    expect(domainTarget(`ipfs://${CID}/docs`)).toBe(`/ipfs/${CID}/docs`);
    expect(domainTarget(`/ipns/${NAME}`)).toBe(`/ipns/${NAME}`);
    expect(domainTarget('   ')).toBe('');
  });
});
