export const root: string;
export const TEST_ROOTS: string[];
export type TestProject = 'unit' | 'api' | 'engines';
export function projectOf(file: string): TestProject;
export function testProjects(): Record<TestProject, string[]>;
