package io.bloomgate.clients;

import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/** MyBatis mappers as applications write them: {@code #{}} binds a parameter, {@code ${}} inlines text. */
public interface UserMapper {

    @Select("select id, email, name from users where email = #{email}")
    List<Map<String, Object>> findByEmail(String email);

    @Select("select count(*) from users where email = #{email}")
    int countByEmail(String email);

    @Select("select exists(select 1 from users where email = #{email})")
    boolean existsByEmail(String email);

    @Select("select id, email, name from users where email = '${email}'")
    List<Map<String, Object>> findByEmailInlined(@Param("email") String email);

    @Select("select id, label from tokens where id = cast(#{id} as uuid)")
    List<Map<String, Object>> findToken(String id);
}
