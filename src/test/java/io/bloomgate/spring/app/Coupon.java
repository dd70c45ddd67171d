package io.bloomgate.spring.app;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A coupon code: its table is created by Hibernate's schema generation (ddl-auto=update), not by schema.sql. */
@Entity
public class Coupon {

    @Id
    private Long id;
    @Column(nullable = false, unique = true, length = 40)
    private String code;

    protected Coupon() {
    }

    public Coupon(Long id, String code) {
        this.id = id;
        this.code = code;
    }

    public Long getId() {
        return id;
    }

    public String getCode() {
        return code;
    }
}
