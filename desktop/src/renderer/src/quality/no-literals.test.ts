import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const RENDERER = fileURLToPath(new URL('..', import.meta.url));
/** Attributes people read or hear: a string literal here is a user-visible literal. */
const VISIBLE_ATTRIBUTES = new Set(['placeholder', 'title', 'aria-label', 'aria-description', 'aria-valuetext', 'alt', 'label']);
const WORDS = /\p{L}/u;

function tsxFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(full);
    return entry.name.endsWith('.tsx') ? [full] : [];
  });
}

/** Every user-visible literal in a TSX source: JSX text, literal children, literal visible attributes. */
export function findLiterals(source: string, fileName = 'component.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push(`${path.basename(fileName)}:${line + 1}: ${text.trim()}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && WORDS.test(node.text)) report(node, node.text);
    if (
      ts.isJsxExpression(node) &&
      node.expression &&
      ts.isJsxElement(node.parent) &&
      (ts.isStringLiteral(node.expression) || ts.isNoSubstitutionTemplateLiteral(node.expression))
    ) {
      if (WORDS.test(node.expression.text)) report(node, node.expression.text);
    }
    if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(file)) && node.initializer) {
      const value = node.initializer;
      const literal = ts.isStringLiteral(value)
        ? value
        : ts.isJsxExpression(value) && value.expression && ts.isStringLiteral(value.expression)
          ? value.expression
          : null;
      if (literal && WORDS.test(literal.text)) report(node, `${node.name.getText(file)}="${literal.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('no user-visible literal in components', () => {
  it('catches JSX text, literal children and visible attributes, and lets t() through', () => {
    const sample = `
      export const A = () => <div title="Hello"><p>Save now</p>{'Or later'}<input placeholder={t('x')} aria-label="Search" /></div>;
      export const B = () => <p className="big" data-x="y">{t('ok')} · {count}</p>;`;
    expect(findLiterals(sample).map((entry) => entry.split(': ')[1])).toEqual([
      'title="Hello"',
      'Save now',
      'Or later',
      'aria-label="Search"',
    ]);
  });

  it('finds none in the renderer', () => {
    const files = tsxFiles(RENDERER);
    expect(files.length).toBeGreaterThan(10);
    const literals = files.flatMap((file) => findLiterals(fs.readFileSync(file, 'utf8'), file));
    expect(literals).toEqual([]);
  });
});
