package io.bloomgate.clients;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** The target of {@link User}'s default-EAGER to-one: what makes Hibernate load users with a join. */
@Entity
@Table(name = "teams")
public class Team {

    @Id
    private Long id;

    private String name;

    protected Team() {
    }

    public Long getId() {
        return id;
    }

    @Override
    public String toString() {
        return "Team[" + id + ", " + name + "]";
    }
}
