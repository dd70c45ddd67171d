package io.bloomgate.sql;

import io.bloomgate.stats.BypassReason;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jooq.DDLQuery;
import org.jooq.Query;
import org.jooq.Select;
import org.jooq.impl.QOM;

/**
 * Recognises SQL statements with jOOQ's parser and decides, once per distinct SQL text, what the
 * gate may do with it (docs/architecture.md section 2: the eligibility rules are the contract). Immutable and
 * thread-safe; {@link #classify} never throws.
 *
 * <p>Steps: a substring fast path (texts that name no guarded table are {@link
 * StatementPlan.Unrelated} without parsing, unless they call a procedure); a lexer that numbers the
 * {@code ?} placeholders as JDBC does and replaces them by named parameters {@code :bg_N} (jOOQ's
 * parser does not number them); jOOQ's parser with names kept as written (folded here, per {@link
 * Dialect}); then whitelist checks on jOOQ's query object model.
 */
public final class StatementClassifier {

    private static final StatementPlan UNRELATED = new StatementPlan.Unrelated();

    /** Leading keywords of statements that change no table rows. */
    private static final Set<String> SESSION_WORDS = Set.of("SET", "SHOW", "BEGIN", "START", "COMMIT", "END",
            "ROLLBACK", "SAVEPOINT", "RELEASE", "PREPARE", "DEALLOCATE", "LISTEN", "NOTIFY", "UNLISTEN", "DISCARD",
            "RESET", "CHECKPOINT", "USE", "SCRIPT", "DECLARE", "FETCH", "CLOSE", "MOVE", "ABORT", "HELP");
    /** Leading keywords of DDL and maintenance statements (ALTER is handled apart). */
    private static final Set<String> DDL_WORDS = Set.of("CREATE", "DROP", "COMMENT", "GRANT", "REVOKE", "ANALYZE",
            "ANALYSE", "VACUUM", "REINDEX", "CLUSTER", "LOCK", "REFRESH", "RENAME", "SECURITY");
    private static final Set<String> QUERY_WORDS = Set.of("SELECT", "WITH", "VALUES", "TABLE");
    /**
     * Words of statements that may change a table's definition or contents wholesale (see {@link
     * #mayRedefine}); a text without any of them redefines nothing.
     */
    private static final java.util.regex.Pattern REDEFINING_WORD = java.util.regex.Pattern.compile(
            "\\b(create|drop|alter|truncate|rename)\\b");
    /**
     * Leading keywords of single statements that cannot change a table's definition, whatever words
     * their literals or names contain (an INSERT of the string 'drop', a column named "create").
     */
    private static final Set<String> NOT_REDEFINING = Set.of("SELECT", "WITH", "VALUES", "TABLE", "INSERT",
            "UPDATE", "DELETE", "MERGE", "UPSERT", "REPLACE", "SET", "SHOW", "RESET", "BEGIN", "START", "COMMIT",
            "END", "ROLLBACK", "SAVEPOINT", "RELEASE", "COMMENT", "GRANT", "REVOKE", "ANALYZE", "ANALYSE", "VACUUM",
            "LOCK", "LISTEN", "NOTIFY", "UNLISTEN", "FETCH", "MOVE", "CLOSE", "DECLARE", "CHECKPOINT", "ABORT");
    /**
     * Words that let a DROP or ALTER change a guarded table without naming it: a schema renamed or
     * dropped, an owner's objects dropped, a type, domain or extension a column depends on dropped
     * with CASCADE or altered.
     */
    private static final java.util.regex.Pattern INDIRECT_WORD = java.util.regex.Pattern.compile(
            "\\b(schema|cascade|owned|database|type|domain|extension|collation)\\b");

    private final Dialect dialect;
    private final Resolver resolver;
    private final Jooq jooq;

    /**
     * @param dialect       how the database folds unquoted identifiers
     * @param defaultSchema the schema unqualified table names resolve to (catalog case), or null if
     *                      unknown (then unqualified names are never eligible lookups)
     * @param guarded       the guarded tables; several may share one table (different key columns)
     */
    public StatementClassifier(Dialect dialect, String defaultSchema, List<GuardedTable> guarded) {
        this.dialect = Objects.requireNonNull(dialect, "dialect");
        this.resolver = new Resolver(dialect, defaultSchema, guarded);
        this.jooq = new Jooq(dialect);
    }

    /**
     * Whether {@code sql} may concern a guarded table (names one, or calls a procedure, or uses
     * escapes the substring check cannot see through). False means {@link #classify} would answer
     * {@link StatementPlan.Unrelated} without lexing or parsing.
     */
    public boolean mayConcernGuardedTable(String sql) {
        if (sql == null) {
            return false;
        }
        String lower = sql.toLowerCase(Locale.ROOT);
        try {
            return !resolver.mentioned(lower).isEmpty() || lower.contains("u&") || mayCallProcedure(lower);
        } catch (RuntimeException e) {
            return true;
        }
    }

    /**
     * The guarded tables whose definition running {@code sql} may change (docs/architecture.md
     * section 4, "DDL through the gate"): DDL that names one (DROP, CREATE, ALTER, TRUNCATE, RENAME,
     * a table renamed into or out of its name, a column retyped or dropped), DDL that may reach one
     * without naming it (a schema dropped or renamed, DROP ... CASCADE), and any text that may
     * contain such DDL and is not a single statement the lexer reads as a query or a write (several
     * statements, {@code DO} blocks, {@code EXECUTE}, text it cannot lex). Conservative: a wrong
     * "may" costs a rebuild; a wrong "may not" would let the filter answer for a table no hook
     * feeds. Functions and procedures that run DDL inside are not seen here: the write path's
     * settle check and the sync's watch catch what they do (section 4).
     *
     * @return the tables (every guarded table when the text cannot be pinned to some), or empty
     */
    public List<GuardedTable> mayRedefine(String sql) {
        if (sql == null) {
            return List.of();
        }
        String lower = sql.toLowerCase(Locale.ROOT);
        if (!REDEFINING_WORD.matcher(lower).find()) {
            return List.of();
        }
        List<GuardedTable> targets;
        try {
            targets = lower.contains("u&") ? resolver.guards() : resolver.mentioned(lower);
        } catch (RuntimeException e) {
            return resolver.guards();
        }
        SqlLexer.Lexed lexed;
        try {
            lexed = SqlLexer.lex(sql, dialect);
        } catch (RuntimeException e) {
            return resolver.guards();
        }
        if (lexed.error != null || lexed.invokesProcedure() || lexed.statementCount > 1) {
            return targets.isEmpty() && INDIRECT_WORD.matcher(lower).find() ? resolver.guards() : targets;
        }
        if (lexed.statementCount == 0) {
            return List.of();
        }
        String lead = lexed.leadingKeyword();
        if (NOT_REDEFINING.contains(lead) || lead.equals("EXPLAIN") && !lexed.hasWord("ANALYZE")
                && !lexed.hasWord("ANALYSE")) {
            return List.of();
        }
        if (targets.isEmpty() && (lead.equals("DROP") || lead.equals("ALTER")) && INDIRECT_WORD.matcher(lower).find()) {
            return resolver.guards();
        }
        return targets;
    }

    /**
     * Classifies one SQL text exactly as the application passed it to {@code prepareStatement},
     * {@code executeQuery} or {@code execute}. Never throws: anything unexpected gives a {@link
     * StatementPlan.Bypass} or {@link StatementPlan.UnknownWrite}.
     */
    public StatementPlan classify(String sql) {
        if (sql == null) {
            return UNRELATED;
        }
        String lower = sql.toLowerCase(Locale.ROOT);
        List<GuardedTable> mentioned;
        try {
            mentioned = resolver.mentioned(lower);
        } catch (RuntimeException e) {
            return new StatementPlan.UnknownWrite(null, "classifier failure: " + e);
        }
        GuardedTable single = mentioned.size() == 1 ? mentioned.get(0) : null;
        try {
            return classify(sql, lower, mentioned, single);
        } catch (RuntimeException | StackOverflowError e) {
            // Fail open: a statement we could not analyse may write.
            return new StatementPlan.UnknownWrite(single, "classifier failure: " + e);
        }
    }

    private StatementPlan classify(String sql, String lower, List<GuardedTable> mentioned, GuardedTable single) {
        boolean unicode = lower.contains("u&");
        if (mentioned.isEmpty() && !unicode) {
            // Fast path: no guarded table is named, so only a procedure call could touch one.
            if (!mayCallProcedure(lower)) {
                return UNRELATED;
            }
            SqlLexer.Lexed lexed = SqlLexer.lex(sql, dialect);
            return lexed.error == null && lexed.invokesProcedure()
                    ? new StatementPlan.UnknownWrite(null, "procedure call") : UNRELATED;
        }
        SqlLexer.Lexed lexed = SqlLexer.lex(sql, dialect);
        if (lexed.error != null) {
            return unreadable(lower, single, "not lexed: " + lexed.error);
        }
        if (lexed.invokesProcedure()) {
            return new StatementPlan.UnknownWrite(null, "procedure call");
        }
        if (lexed.statementCount == 0) {
            return UNRELATED;
        }
        if (lexed.statementCount > 1) {
            return new StatementPlan.UnknownWrite(single, "multiple statements");
        }
        Analysis a = new Analysis(lexed, resolver, jooq, dialect, single);
        String lead = dialect == Dialect.MYSQL ? MySqlForms.lead(lexed) : lexed.leadingKeyword();
        if (lead.equals("{")) {
            return notParsed(a, "JDBC escape");
        }
        if (lead.equals("DELETE") || lead.equals("TRUNCATE")) {
            return UNRELATED; // cannot add keys; the filter may keep stale ones
        }
        if (dialect == Dialect.MYSQL && MySqlForms.setStatementFor(lexed)) {
            // MariaDB's SET STATEMENT var = value [, ...] FOR <statement> runs the statement: it may
            // write a guarded table (its keys are not read here), so its guards wait for the feed.
            return new StatementPlan.UnknownWrite(single, "SET STATEMENT ... FOR");
        }
        if (SESSION_WORDS.contains(lead)) {
            return UNRELATED;
        }
        if (DDL_WORDS.contains(lead)) {
            return new StatementPlan.Bypass(single, BypassReason.NOT_ELIGIBLE, "DDL");
        }
        if (lead.equals("ALTER")) {
            return alter(a);
        }
        if (lead.equals("EXPLAIN")) {
            return lexed.hasWord("ANALYZE") || lexed.hasWord("ANALYSE")
                    ? new StatementPlan.UnknownWrite(single, "EXPLAIN ANALYZE executes its statement")
                    : new StatementPlan.Bypass(single, BypassReason.NOT_ELIGIBLE, "EXPLAIN");
        }
        if (lead.equals("MERGE")) {
            return merge(a);
        }
        if (!QUERY_WORDS.contains(lead) && !lead.equals("INSERT") && !lead.equals("UPDATE")) {
            return new StatementPlan.UnknownWrite(single, "unrecognised statement " + lead);
        }
        if (dialect == Dialect.MYSQL) {
            StatementPlan plan = parsed(a, MySqlForms.parseText(lexed));
            return plan instanceof StatementPlan.Lookup l && MySqlForms.lockingRead(lexed)
                    ? l.withReadCommittedOnly() : plan;
        }
        return parsed(a, lexed.parseText());
    }

    private static boolean mayCallProcedure(String lower) {
        return lower.contains("call") || lower.contains("exec") || lower.contains("do") || lower.contains("runscript");
    }

    /** Text the lexer could not read: a bypass if it looks like a plain query, else an unknown write. */
    private StatementPlan unreadable(String lower, GuardedTable single, String detail) {
        String t = lower.replaceAll("--[^\n]*|/\\*.*?\\*/", " ").trim();
        while (t.startsWith("(")) {
            t = t.substring(1).trim();
        }
        String body = t.replaceAll("\\bfor\\s+(no\\s+key\\s+)?update\\b", " ");
        boolean readOnly = t.matches("(?s)(select|values|table)\\b.*")
                && !body.matches("(?s).*\\b(insert|update|delete|merge|upsert|truncate|call|copy|exec|execute|do)\\b.*");
        return readOnly ? new StatementPlan.Bypass(single, BypassReason.NOT_PARSED, detail)
                : new StatementPlan.UnknownWrite(single, detail);
    }

    private static StatementPlan notParsed(Analysis a, String detail) {
        return a.lexed.looksReadOnly() ? new StatementPlan.Bypass(a.mentioned, BypassReason.NOT_PARSED, detail)
                : new StatementPlan.UnknownWrite(a.mentioned, detail);
    }

    private StatementPlan parsed(Analysis a, String text) {
        Query[] queries;
        boolean unknownFunctions;
        try {
            Jooq.Parsed parsed = jooq.parse(text);
            queries = parsed.queries();
            unknownFunctions = parsed.unknownFunctions();
        } catch (RuntimeException e) {
            String m = String.valueOf(e.getMessage());
            return notParsed(a, "not parsed: " + (m.length() > 200 ? m.substring(0, 200) : m));
        }
        if (queries.length != 1) {
            return queries.length == 0 ? UNRELATED : new StatementPlan.UnknownWrite(a.mentioned, "multiple statements");
        }
        Query q = queries[0];
        WriteAnalyzer writes = new WriteAnalyzer(a);
        if (q instanceof Select<?> select) {
            StatementPlan cte = writes.dataModifyingCte(select.$with());
            if (cte != null) {
                return cte;
            }
            if (select.$with() != null) {
                return a.bypassTouched(select, BypassReason.NOT_ELIGIBLE, "WITH");
            }
            return LookupAnalyzer.analyze(a, select, unknownFunctions);
        }
        if (q instanceof QOM.InsertReturning<?> r) {
            return writes.insert(r.$insert());
        }
        if (q instanceof QOM.Insert<?> insert) {
            return writes.insert(insert);
        }
        if (q instanceof QOM.UpdateReturning<?> r) {
            return writes.update(r.$update());
        }
        if (q instanceof QOM.Update<?> update) {
            return writes.update(update);
        }
        if (q instanceof QOM.Delete<?> || q instanceof QOM.DeleteReturning<?> || q instanceof QOM.Truncate<?>) {
            return UNRELATED;
        }
        if (q instanceof DDLQuery) {
            return new StatementPlan.Bypass(a.mentioned, BypassReason.NOT_ELIGIBLE, "DDL");
        }
        return notParsed(a, "unrecognised statement " + Analysis.describe(q));
    }

    /** H2's {@code MERGE INTO t [(cols)] [KEY (cols)] VALUES ...} is an upsert: its keys are INSERT's. */
    private StatementPlan merge(Analysis a) {
        List<SqlLexer.Token> ts = a.lexed.tokens;
        int depth = 0;
        int keyAt = -1;
        for (int i = 0; i < ts.size(); i++) {
            SqlLexer.Token t = ts.get(i);
            if (t.punct("(")) {
                depth++;
            } else if (t.punct(")")) {
                depth--;
            } else if (depth == 0 && t.is("USING")) {
                return new WriteAnalyzer(a).standardMerge();
            } else if (depth == 0 && keyAt < 0 && t.is("KEY") && i + 1 < ts.size() && ts.get(i + 1).punct("(")) {
                keyAt = i;
            }
        }
        int first = a.lexed.firstWordIndex();
        if (first < 0 || first + 1 >= ts.size() || !ts.get(first + 1).is("INTO")) {
            return new StatementPlan.UnknownWrite(a.mentioned, "MERGE not understood");
        }
        Map<Integer, String> replace = new HashMap<>();
        replace.put(first, "insert");
        Set<Integer> drop = new HashSet<>();
        if (keyAt >= 0) {
            int d = 0;
            for (int i = keyAt; i < ts.size(); i++) {
                drop.add(i);
                if (ts.get(i).punct("(")) {
                    d++;
                } else if (ts.get(i).punct(")") && --d == 0) {
                    break;
                }
            }
        }
        StatementPlan plan = parsed(a, a.lexed.rebuild(replace, drop));
        if (plan instanceof StatementPlan.Bypass b) {
            return new StatementPlan.UnknownWrite(b.table(), "MERGE not understood: " + b.detail());
        }
        return plan;
    }

    /** ALTER TABLE on a guarded table may rewrite key values (ALTER COLUMN ... TYPE ... USING). */
    private StatementPlan alter(Analysis a) {
        List<SqlLexer.Token> ts = a.lexed.tokens;
        int i = a.lexed.firstWordIndex() + 1;
        if (i < ts.size() && ts.get(i).is("TABLE")) {
            i++;
            while (i < ts.size() && (ts.get(i).is("IF") || ts.get(i).is("EXISTS") || ts.get(i).is("ONLY"))) {
                i++;
            }
            List<Resolver.Part> name = WriteAnalyzer.nameAt(ts, i);
            Resolver.Resolved r = name == null ? null : resolver.resolveLenient(name);
            if (r != null) {
                return new StatementPlan.UnknownWrite(r.guards().size() == 1 ? r.first() : null,
                        "ALTER TABLE on a guarded table may rewrite its keys");
            }
        }
        return new StatementPlan.Bypass(a.mentioned, BypassReason.NOT_ELIGIBLE, "DDL");
    }
}
