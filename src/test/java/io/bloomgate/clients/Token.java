package io.bloomgate.clients;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.util.UUID;

/** A UUID-keyed entity (Hibernate binds the key as a native uuid). */
@Entity
@Table(name = "tokens")
public class Token {

    @Id
    private UUID id;

    private String label;

    protected Token() {
    }

    @Override
    public String toString() {
        return "Token[" + id + ", " + label + "]";
    }
}
