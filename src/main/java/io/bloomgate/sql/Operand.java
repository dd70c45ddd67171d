package io.bloomgate.sql;

/** A leaf of a predicate or a VALUES row, as far as the classifier understands it. */
sealed interface Operand {

    /** A column of the table in scope, catalog case. */
    record Column(String name) implements Operand {
    }

    /** A JDBC parameter, possibly under a recognised cast. */
    record Param(int index, ParameterCast cast) implements Operand {
    }

    /** An inline literal as jOOQ read it. */
    /** The array parameter of {@code col = ANY(?)}. */
    record ArrayParam(int index) implements Operand {
    }

    record Literal(Object value) implements Operand {
    }
}
