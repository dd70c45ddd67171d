package io.bloomgate.sql;

import java.util.ArrayList;
import java.util.List;
import org.jooq.Configuration;
import org.jooq.DSLContext;
import org.jooq.Query;
import org.jooq.QueryPart;
import org.jooq.SQLDialect;
import org.jooq.VisitListener;
import org.jooq.conf.ParamType;
import org.jooq.conf.ParseNameCase;
import org.jooq.conf.ParseUnknownFunctions;
import org.jooq.conf.ParseWithMetaLookups;
import org.jooq.conf.RenderNameCase;
import org.jooq.conf.RenderQuotedNames;
import org.jooq.conf.Settings;
import org.jooq.impl.DSL;
import org.jooq.impl.DefaultConfiguration;
import org.jooq.impl.ParserException;

/**
 * The jOOQ side: a parser that keeps names as written ({@link ParseNameCase#AS_IS}; the classifier
 * folds them itself), and renderers with a {@link VisitListener} that reveal every part of a parsed
 * tree — the open-source query object model has no public traversal, but rendering visits it all.
 * Thread-safe: the collector is per thread.
 */
final class Jooq {

    private static final ThreadLocal<List<QueryPart>> COLLECTOR = new ThreadLocal<>();

    static {
        initialiseQuietly();
    }

    /**
     * jOOQ 3.19 logs its logo ("Thank you for using jOOQ") and a "tip of the day" at INFO from the
     * static initialiser of {@code org.jooq.impl.DefaultRenderContext}, the class behind every
     * rendering: once per class loader, the first time anything is rendered. bloomgate renders every
     * statement it analyses, so without this the application's log shows jOOQ's banner as soon as
     * the gate parses its first statement, in applications that never use jOOQ themselves. The only
     * switches jOOQ offers are the system properties {@code org.jooq.no-logo} and
     * {@code org.jooq.no-tips}, read in that initialiser and nowhere else.
     *
     * <p>So the properties are set only for the moment bloomgate initialises that class, and only
     * where the application has not set them itself; then they are removed again, so that no
     * system property the application (or its own jOOQ) reads is left changed. If the application's
     * jOOQ has rendered before, the class is initialised already and nothing happens. The one
     * difference an application sharing bloomgate's jOOQ may see is that the banner, printed once
     * per JVM, does not appear (in the all-jar, bloomgate's jOOQ is a relocated copy of its own and
     * the application's jOOQ is untouched).
     */
    private static void initialiseQuietly() {
        String[] properties = {"org.jooq.no-logo", "org.jooq.no-tips"};
        List<String> setHere = new ArrayList<>();
        try {
            for (String property : properties) {
                if (System.getProperty(property) == null) {
                    System.setProperty(property, "true");
                    setHere.add(property);
                }
            }
            Class.forName("org.jooq.impl.DefaultRenderContext", true, DSL.class.getClassLoader());
        } catch (ClassNotFoundException | SecurityException e) {
            // Another jOOQ version without that class (or no permission): its banner, if any, is logged.
        } finally {
            for (String property : setHere) {
                System.clearProperty(property);
            }
        }
    }

    /** Fails on functions it does not know, so that unknown (possibly aggregate) functions are seen. */
    private final DSLContext parser;
    /** Accepts unknown functions as plain function calls. */
    private final DSLContext lenientParser;
    private final DSLContext renderer;
    /** Renders writes for parameter accounting: PostgreSQL renders ON CONFLICT natively. */
    private final DSLContext writeRenderer;

    Jooq(Dialect dialect) {
        SQLDialect sqlDialect = switch (dialect) {
            case H2 -> SQLDialect.H2;
            case POSTGRES -> SQLDialect.POSTGRES;
            case MYSQL -> SQLDialect.MYSQL;
            case OTHER -> SQLDialect.DEFAULT;
        };
        this.parser = DSL.using(sqlDialect, parseSettings(sqlDialect, ParseUnknownFunctions.FAIL));
        this.lenientParser = DSL.using(sqlDialect, parseSettings(sqlDialect, ParseUnknownFunctions.IGNORE));
        this.renderer = DSL.using(renderConfiguration(sqlDialect));
        this.writeRenderer = DSL.using(renderConfiguration(SQLDialect.POSTGRES));
    }

    private static Settings parseSettings(SQLDialect dialect, ParseUnknownFunctions unknownFunctions) {
        return new Settings()
                .withParseDialect(dialect)
                .withParseNameCase(ParseNameCase.AS_IS)
                .withParseWithMetaLookups(ParseWithMetaLookups.OFF)
                .withParseUnknownFunctions(unknownFunctions)
                .withParseIgnoreComments(false)
                .withRenderFormatted(false);
    }

    private static Configuration renderConfiguration(SQLDialect dialect) {
        Settings render = new Settings()
                .withRenderNameCase(RenderNameCase.AS_IS)
                .withRenderQuotedNames(RenderQuotedNames.EXPLICIT_DEFAULT_QUOTED)
                .withParamType(ParamType.NAMED)
                .withRenderFormatted(false);
        return new DefaultConfiguration().set(dialect).set(render).set(VisitListener.onVisitStart(ctx -> {
            List<QueryPart> sink = COLLECTOR.get();
            if (sink != null) {
                sink.add(ctx.queryPart());
            }
        }));
    }

    /** The parsed statements, and whether the text calls functions jOOQ does not know. */
    record Parsed(Query[] queries, boolean unknownFunctions) {
    }

    /** Parses one text; throws {@link org.jooq.impl.ParserException} (or another runtime exception). */
    Parsed parse(String text) {
        try {
            return new Parsed(parser.parser().parse(text).queries(), false);
        } catch (ParserException e) {
            if (!String.valueOf(e.getMessage()).startsWith("Unknown function")) {
                throw e;
            }
            return new Parsed(lenientParser.parser().parse(text).queries(), true);
        }
    }

    DSLContext dsl() {
        return renderer;
    }

    String render(QueryPart part) {
        return renderer.render(part);
    }

    /** Every query part rendering {@code part} visits, in order. */
    List<QueryPart> visit(QueryPart part) {
        return visit(renderer, part);
    }

    /** Like {@link #visit(QueryPart)}, rendered as PostgreSQL. */
    List<QueryPart> visitWrite(QueryPart part) {
        return visit(writeRenderer, part);
    }

    private static List<QueryPart> visit(DSLContext ctx, QueryPart part) {
        List<QueryPart> sink = new ArrayList<>();
        List<QueryPart> outer = COLLECTOR.get();
        COLLECTOR.set(sink);
        try {
            ctx.render(part);
        } finally {
            if (outer == null) {
                COLLECTOR.remove();
            } else {
                COLLECTOR.set(outer);
            }
        }
        return sink;
    }
}
