package io.bloomgate.sql;

import io.bloomgate.sql.SqlLexer.CastInfo;
import io.bloomgate.sql.SqlLexer.Kind;
import io.bloomgate.sql.SqlLexer.Token;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The casts written around parameters in lexed text ({@code CAST(? AS type)}, {@code ?::type}) and
 * the type each names, as far as it is one of {@link ParameterCast}'s families.
 */
final class WrittenCasts {

    private WrittenCasts() {
    }

    /** {@code CAST(? AS type)} and {@code ?::type}, by parameter number. */
    static Map<Integer, CastInfo> of(List<Token> tokens, LexicalRules rules) {
        Map<Integer, CastInfo> casts = new HashMap<>();
        for (int t = 0; t < tokens.size(); t++) {
            Token p = tokens.get(t);
            if (p.kind() != Kind.PARAM) {
                continue;
            }
            if (t >= 2 && tokens.get(t - 2).is("CAST") && tokens.get(t - 1).punct("(") && t + 1 < tokens.size()
                    && tokens.get(t + 1).is("AS")) {
                int depth = 0;
                int j = t + 2;
                for (; j < tokens.size(); j++) {
                    Token x = tokens.get(j);
                    if (x.punct("(")) {
                        depth++;
                    } else if (x.punct(")")) {
                        if (depth == 0) {
                            break;
                        }
                        depth--;
                    }
                }
                casts.put(p.param(), castInfo(tokens, t + 2, j, rules));
            } else if (t + 1 < tokens.size() && tokens.get(t + 1).punct("::")) {
                int j = t + 2;
                if (j < tokens.size() && tokens.get(j).kind() == Kind.WORD) {
                    j++;
                    if (j < tokens.size() && tokens.get(j).kind() == Kind.WORD
                            && Set.of("VARYING", "PRECISION").contains(tokens.get(j).text())) {
                        j++;
                    }
                    if (j < tokens.size() && tokens.get(j).punct("(")) {
                        while (j < tokens.size() && !tokens.get(j).punct(")")) {
                            j++;
                        }
                        j++;
                    }
                }
                j = Math.min(j, tokens.size());
                CastInfo info = castInfo(tokens, t + 2, j, rules);
                if (j < tokens.size() && (tokens.get(j).punct("::") || tokens.get(j).punct("[")
                        || tokens.get(j).is("ARRAY"))) {
                    info = new CastInfo(null, info.written());
                }
                casts.put(p.param(), info);
            }
        }
        return casts;
    }

    private static CastInfo castInfo(List<Token> tokens, int from, int to, LexicalRules rules) {
        StringBuilder written = new StringBuilder();
        for (int k = from; k < to && k < tokens.size(); k++) {
            written.append(k > from ? " " : "").append(tokens.get(k).raw());
        }
        return new CastInfo(castType(tokens.subList(Math.min(from, tokens.size()), Math.min(to, tokens.size())),
                rules), written.toString());
    }

    /** The recognised cast type written in {@code type}, or null. */
    static ParameterCast castType(List<Token> type, LexicalRules rules) {
        int i = 0;
        StringBuilder words = new StringBuilder();
        while (i < type.size() && type.get(i).kind() == Kind.WORD) {
            words.append(words.length() > 0 ? " " : "").append(type.get(i).text());
            i++;
        }
        List<Integer> args = new ArrayList<>();
        if (i < type.size()) {
            if (!type.get(i).punct("(")) {
                return null;
            }
            i++;
            while (true) {
                if (i >= type.size() || type.get(i).kind() != Kind.NUMBER || !type.get(i).text().matches("[0-9]{1,9}")) {
                    return null;
                }
                args.add(Integer.parseInt(type.get(i).text()));
                i++;
                if (i < type.size() && type.get(i).punct(",")) {
                    i++;
                    continue;
                }
                if (i < type.size() && type.get(i).punct(")")) {
                    i++;
                    break;
                }
                return null;
            }
            if (i != type.size()) {
                return null;
            }
        }
        ParameterCast.Type t;
        switch (words.toString()) {
            case "VARCHAR": case "CHARACTER VARYING": case "CHAR VARYING":
                t = ParameterCast.Type.VARCHAR;
                break;
            case "CHAR": case "CHARACTER":
                t = ParameterCast.Type.CHAR;
                break;
            case "TEXT":
                t = rules.textCast();
                break;
            case "CLOB":
                t = ParameterCast.Type.CLOB;
                break;
            case "TINYINT":
                t = ParameterCast.Type.TINYINT;
                break;
            case "SMALLINT": case "INT2":
                t = ParameterCast.Type.SMALLINT;
                break;
            case "INT": case "INTEGER": case "INT4":
                t = ParameterCast.Type.INTEGER;
                break;
            case "BIGINT": case "INT8":
                t = ParameterCast.Type.BIGINT;
                break;
            case "NUMERIC": case "DECIMAL": case "DEC":
                t = ParameterCast.Type.NUMERIC;
                break;
            case "UUID":
                t = ParameterCast.Type.UUID;
                break;
            case "VARBINARY": case "BINARY VARYING": case "BYTEA":
                t = ParameterCast.Type.VARBINARY;
                break;
            case "BINARY":
                t = ParameterCast.Type.BINARY;
                break;
            case "BOOLEAN": case "BOOL":
                t = ParameterCast.Type.BOOLEAN;
                break;
            default:
                return null;
        }
        switch (t) {
            case VARCHAR: case VARBINARY:
                return args.size() > 1 ? null : new ParameterCast(t, args.isEmpty() ? null : args.get(0), null);
            case CHAR: case BINARY:
                return args.size() > 1 ? null : new ParameterCast(t, args.isEmpty() ? 1 : args.get(0), null);
            case NUMERIC:
                if (args.isEmpty()) {
                    return new ParameterCast(t, null, null);
                }
                if (args.size() > 2 || (args.size() == 2 && args.get(1) > args.get(0))) {
                    return null;
                }
                return new ParameterCast(t, args.get(0), args.size() == 2 ? args.get(1) : 0);
            default:
                return args.isEmpty() ? new ParameterCast(t, null, null) : null;
        }
    }
}
