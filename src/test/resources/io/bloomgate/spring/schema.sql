-- The Spring Boot tests' schema (H2 and PostgreSQL): run by Boot's script initializer, before the gate.
CREATE TABLE app_user (
    id    BIGINT PRIMARY KEY,
    email VARCHAR(200) NOT NULL UNIQUE,
    name  VARCHAR(100)
);
