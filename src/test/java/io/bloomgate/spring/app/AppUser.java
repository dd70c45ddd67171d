package io.bloomgate.spring.app;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A row of app_user (created by schema.sql). */
@Entity
@Table(name = "app_user")
public class AppUser {

    @Id
    private Long id;
    @Column(length = 200, nullable = false, unique = true)
    private String email;
    @Column(length = 100)
    private String name;

    protected AppUser() {
    }

    public AppUser(Long id, String email, String name) {
        this.id = id;
        this.email = email;
        this.name = name;
    }

    public Long getId() {
        return id;
    }

    public String getEmail() {
        return email;
    }

    public String getName() {
        return name;
    }
}
