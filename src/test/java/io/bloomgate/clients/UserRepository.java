package io.bloomgate.clients;

import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

/** The Spring Data methods sign-up checks and lookups use. */
public interface UserRepository extends JpaRepository<User, Long> {

    Optional<User> findByEmail(String email);

    long countByEmail(String email);

    boolean existsByEmail(String email);

    @Query("select case when count(u) > 0 then true else false end from User u where u.email = :email")
    boolean emailTaken(@Param("email") String email);
}
