package io.bloomgate.clients;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;

/**
 * A user with a default (EAGER) {@code @ManyToOne}: Hibernate's {@code em.find} and Spring Data's
 * {@code findById} load it with {@code from users u1_0 left join teams t1_0 ... where u1_0.id=?}.
 */
@Entity
@Table(name = "users")
public class User {

    @Id
    private Long id;

    private String email;

    private String name;

    @ManyToOne
    @JoinColumn(name = "team_id")
    private Team team;

    protected User() {
    }

    public Long getId() {
        return id;
    }

    /** The answer compared between the gate and the database: every column, and the joined team. */
    @Override
    public String toString() {
        return "User[" + id + ", " + email + ", " + name + ", " + team + "]";
    }
}
