package io.bloomgate.key;

/**
 * A key form whose canonical bytes are a collation's weights (docs/architecture.md section 3): the
 * database computes a stored row's key itself (MariaDB's {@code WEIGHT_STRING} in the change-log
 * trigger and in the build's scan), and the gate computes a probe's from a {@link
 * CodePointWeights} table read from the same server. Obtain one from {@link KeyForms#collated}.
 */
public interface WeightKeyForm extends KeyForm {

    /**
     * Writes the canonical key of a stored value given as the database's weight string of it.
     *
     * @param weights the database's weight string under {@link #collation()}, or null for NULL
     * @param out the buffer to reset and fill
     * @return {@link Canonical#EXACT}, or {@link Canonical#NULL} for null
     */
    Canonical canonicalizeWeights(byte[] weights, KeyBuffer out);

    /**
     * The collation whose weights these are, as the database names it: stored keys are its weight
     * strings ({@code WEIGHT_STRING(column COLLATE <collation>)}).
     *
     * @return the collation's name
     */
    String collation();
}
