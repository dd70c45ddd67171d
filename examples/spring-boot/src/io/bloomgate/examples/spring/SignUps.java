package io.bloomgate.examples.spring;

import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * A sign-up form's checks, written as the application would write them without bloomgate: the
 * DataSource bean they use is the gate's, so free names and e-mails cost no query.
 */
@Service
public class SignUps {

    private final JdbcTemplate jdbc;
    private final MemberRepository members;

    public SignUps(JdbcTemplate jdbc, MemberRepository members) {
        this.jdbc = jdbc;
        this.members = members;
    }

    /** JdbcTemplate: is the user name taken? */
    public boolean usernameTaken(String username) {
        return !jdbc.queryForList("SELECT id FROM members WHERE username = ?", Long.class, username).isEmpty();
    }

    /** Spring Data JPA: who has this e-mail address? */
    public Optional<Member> byEmail(String email) {
        return members.findByEmail(email);
    }

    /** Signs a new member up through JPA; the keys enter the filters before the insert runs. */
    @Transactional
    public Member signUp(String username, String email) {
        return members.save(new Member(username, email));
    }
}
