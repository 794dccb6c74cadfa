<?php

declare(strict_types=1);

namespace Cairn\Tests;

use Cairn\Models;
use PHPUnit\Framework\TestCase;

/**
 * The array shapes of Cairn\Models hold to openapi.yaml: every key, its type, whether it may be null
 * or absent, and every enum. The schemas come from sdks/harness/schema-fields.mjs (openapi.yaml as
 * plain field tables). The services document what they return with these shapes only.
 */
final class ModelsTest extends TestCase
{
    /** @var array<string, mixed>|null */
    private static ?array $schemas = null;

    /** @return array<string, mixed> */
    private static function schemas(): array
    {
        if (self::$schemas === null) {
            $process = proc_open(['node', 'sdks/harness/schema-fields.mjs'], [1 => ['pipe', 'w']], $pipes, dirname(__DIR__, 3));
            self::assertIsResource($process);
            $output = stream_get_contents($pipes[1]);
            fclose($pipes[1]);
            self::assertSame(0, proc_close($process), 'reading openapi.yaml');
            self::$schemas = json_decode((string) $output, true, 512, JSON_THROW_ON_ERROR);
        }
        return self::$schemas;
    }

    /** @return array<string, string> alias => its type, as written in the class's doc comment */
    private static function aliases(): array
    {
        $doc = (string) (new \ReflectionClass(Models::class))->getDocComment();
        $text = preg_replace('~^\s*/?\*+/?~m', '', $doc);
        preg_match_all('~@phpstan-type\s+(\w+)\s+(.*?)(?=@phpstan-type|\z)~s', (string) $text, $matches, PREG_SET_ORDER);
        $aliases = [];
        foreach ($matches as [, $name, $type]) {
            $aliases[$name] = trim((string) preg_replace('~\s+~', ' ', $type));
        }
        return $aliases;
    }

    public function testEveryShapeHasTheFieldsTypesAndEnumsOfItsSchema(): void
    {
        $aliases = self::aliases();
        self::assertGreaterThan(15, count($aliases));
        foreach ($aliases as $name => $type) {
            self::assertArrayHasKey($name, self::schemas(), "openapi.yaml has no schema $name");
            [$shape] = TypeParser::parse($type);
            $problems = self::fieldProblems($shape, self::schemas()[$name]['fields'], $name, $aliases);
            self::assertSame([], $problems, $name);
        }
    }

    public function testTheServicesReturnTheShapes(): void
    {
        $aliases = self::aliases();
        foreach (glob(dirname(__DIR__) . '/src/Service/*.php') ?: [] as $file) {
            $source = (string) file_get_contents($file);
            preg_match_all('~@phpstan-import-type (\w+) from Models~', $source, $imports);
            foreach ($imports[1] as $imported) {
                self::assertArrayHasKey($imported, $aliases, basename($file) . " imports $imported");
            }
            // A public method's answer is one of the shapes, never a loose array of the API's JSON.
            preg_match_all('~/\*\*((?:(?!\*/).)*)\*/\s*public function (\w+)~s', $source, $methods, PREG_SET_ORDER);
            foreach ($methods as [, $doc, $method]) {
                if (preg_match('~@return ((?:(?!@\w).)*)~s', $doc, $return) === 1) {
                    self::assertStringNotContainsString('mixed', $return[1], basename($file) . " $method()");
                }
            }
        }
    }

    public function testFindsAShapeThatDrifted(): void
    {
        [$shape] = TypeParser::parse("array{code: string, name: int, storageLimitBytes: int|null, extra: string, priceMonthlyEur: float}");
        $problems = self::fieldProblems($shape, self::schemas()['Plan']['fields'], 'drifted', []);
        foreach ([
            'drifted.extra: not in openapi.yaml',
            'drifted.name: int but openapi.yaml says string',
            'drifted.storageLimitBytes: is never null',
            'drifted.isDefault: missing',
            'drifted.priceMonthlyEur: float but openapi.yaml says number (float|int)',
        ] as $expected) {
            self::assertContains($expected, $problems);
        }
        $status = ['kind' => 'string', 'enum' => ['queued', 'pinned']];
        self::assertSame(["x: 'queued' but openapi.yaml lists 'pinned'|'queued'"], self::typeProblems(TypeParser::parse("'queued'"), $status, 'x', []));
    }

    /**
     * @param array<string, mixed> $shape a parsed `array{...}`
     * @param array<string, array{required: bool, type: array<string, mixed>}> $fields
     * @param array<string, string> $aliases
     * @return list<string>
     */
    private static function fieldProblems(array $shape, array $fields, string $at, array $aliases): array
    {
        $problems = [];
        foreach (array_keys($shape['fields']) as $key) {
            if (!isset($fields[$key])) {
                $problems[] = "$at.$key: not in openapi.yaml";
            }
        }
        foreach ($fields as $key => $field) {
            if (!isset($shape['fields'][$key])) {
                $problems[] = "$at.$key: missing";
                continue;
            }
            [$type, $optional] = $shape['fields'][$key];
            if ($optional === $field['required']) {
                $problems[] = "$at.$key: " . ($field['required'] ? 'is always sent, so it must not be optional' : 'may be absent, so it must be `' . $key . '?:`');
            }
            $problems = [...$problems, ...self::typeProblems($type, $field['type'], "$at.$key", $aliases)];
        }
        sort($problems);
        return $problems;
    }

    /**
     * @param list<array<string, mixed>> $union
     * @param array<string, mixed> $schema
     * @param array<string, string> $aliases
     * @return list<string>
     */
    private static function typeProblems(array $union, array $schema, string $at, array $aliases): array
    {
        $union = array_merge(...array_map(static fn (array $atom) => $atom['kind'] === 'alias'
            ? TypeParser::parse($aliases[$atom['name']] ?? throw new \LogicException("unknown type {$atom['name']} at $at"))
            : [$atom], $union));
        $problems = [];
        $null = array_values(array_filter($union, static fn (array $atom) => $atom === ['kind' => 'scalar', 'name' => 'null']));
        $rest = array_values(array_filter($union, static fn (array $atom) => $atom !== ['kind' => 'scalar', 'name' => 'null']));
        if (($schema['nullable'] ?? false) !== ($null !== [])) {
            $problems[] = $null === [] ? "$at: may be null, so it needs |null" : "$at: is never null";
        }
        $written = implode('|', array_map([TypeParser::class, 'show'], $rest));
        $scalars = ['string' => 'string', 'integer' => 'int', 'number' => 'float|int', 'boolean' => 'bool'];
        $kind = $schema['kind'];
        if ($kind === 'string' && isset($schema['enum'])) {
            $listed = $schema['enum'];
            $literals = array_map(static fn (array $atom) => $atom['kind'] === 'literal' ? $atom['value'] : null, $rest);
            sort($listed);
            sort($literals);
            if ($literals !== $listed) {
                $problems[] = "$at: $written but openapi.yaml lists '" . implode("'|'", $listed) . "'";
            }
        } elseif (isset($scalars[$kind])) {
            $names = array_map(static fn (array $atom) => $atom['name'] ?? '?', $rest);
            sort($names);
            if (implode('|', $names) !== $scalars[$kind]) {
                $problems[] = "$at: $written but openapi.yaml says " . ($kind === 'number' ? 'number (float|int)' : $kind);
            }
        } elseif (count($rest) !== 1) {
            $problems[] = "$at: $written but openapi.yaml says $kind";
        } elseif ($kind === 'array' && $rest[0]['kind'] === 'list') {
            $problems = [...$problems, ...self::typeProblems($rest[0]['items'], $schema['items'], "{$at}[]", $aliases)];
        } elseif ($rest[0]['kind'] === 'map' && isset($schema['values'])) {
            $problems = [...$problems, ...self::typeProblems($rest[0]['values'], $schema['values'], "$at{}", $aliases)];
            foreach ($schema['fields'] ?? [] as $key => $field) {
                $problems = [...$problems, ...self::typeProblems($rest[0]['values'], ['nullable' => false] + $field['type'], "$at.$key", $aliases)];
            }
        } elseif ($kind === 'object' && $rest[0]['kind'] === 'shape') {
            $problems = [...$problems, ...self::fieldProblems($rest[0], $schema['fields'], $at, $aliases)];
        } else {
            $problems[] = "$at: $written but openapi.yaml says $kind";
        }
        return $problems;
    }
}

/**
 * Reads the PHPDoc types the shapes use: `array{key: T, key?: T}`, `list<T>`, `array<string, T>`,
 * unions, 'literals', scalars and the names of other shapes. A type is a list of union members.
 */
final class TypeParser
{
    /** @var list<string> */
    private array $tokens;
    private int $at = 0;

    private function __construct(string $type)
    {
        preg_match_all("~'[^']*'|[\\w\\\\]+|[{}<>,:|?]~", $type, $matches);
        $this->tokens = $matches[0];
    }

    /** @return list<array<string, mixed>> */
    public static function parse(string $type): array
    {
        $parser = new self($type);
        $union = $parser->union();
        if ($parser->at !== count($parser->tokens)) {
            throw new \LogicException("cannot read the type $type");
        }
        return $union;
    }

    /** @param array<string, mixed> $atom */
    public static function show(array $atom): string
    {
        return match ($atom['kind']) {
            'literal' => "'{$atom['value']}'",
            'scalar', 'alias' => $atom['name'],
            'list' => 'list<…>',
            'map' => 'array<string, …>',
            default => 'array{…}',
        };
    }

    /** @return list<array<string, mixed>> */
    private function union(): array
    {
        $union = [$this->atom()];
        while ($this->peek() === '|') {
            $this->at++;
            $union[] = $this->atom();
        }
        return $union;
    }

    /** @return array<string, mixed> */
    private function atom(): array
    {
        $token = $this->next();
        if ($token[0] === "'") {
            return ['kind' => 'literal', 'value' => substr($token, 1, -1)];
        }
        if ($token === 'list') {
            $this->expect('<');
            $items = $this->union();
            $this->expect('>');
            return ['kind' => 'list', 'items' => $items];
        }
        if ($token === 'array' && $this->peek() === '<') {
            $this->at++;
            $this->expect('string');
            $this->expect(',');
            $values = $this->union();
            $this->expect('>');
            return ['kind' => 'map', 'values' => $values];
        }
        if ($token === 'array' && $this->peek() === '{') {
            $this->at++;
            $fields = [];
            while ($this->peek() !== '}') {
                $key = $this->next();
                $optional = $this->peek() === '?';
                if ($optional) {
                    $this->at++;
                }
                $this->expect(':');
                $fields[$key] = [$this->union(), $optional];
                if ($this->peek() === ',') {
                    $this->at++;
                }
            }
            $this->expect('}');
            return ['kind' => 'shape', 'fields' => $fields];
        }
        if (in_array($token, ['string', 'int', 'float', 'bool', 'null', 'true', 'false'], true)) {
            return ['kind' => 'scalar', 'name' => $token];
        }
        return ['kind' => 'alias', 'name' => $token];
    }

    private function peek(): ?string
    {
        return $this->tokens[$this->at] ?? null;
    }

    private function next(): string
    {
        return $this->tokens[$this->at++] ?? throw new \LogicException('the type ends too soon');
    }

    private function expect(string $token): void
    {
        if ($this->next() !== $token) {
            throw new \LogicException("expected $token in the type");
        }
    }
}
