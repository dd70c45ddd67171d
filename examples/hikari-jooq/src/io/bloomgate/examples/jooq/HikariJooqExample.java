package io.bloomgate.examples.jooq;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.bloomgate.BloomGate;
import io.bloomgate.stats.GuardStats;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.sql.DataSource;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.impl.DSL;

/**
 * An application with a HikariCP pool and jOOQ: the gate wraps the pool, jOOQ runs on
 * {@code gate.dataSource()}. Shoppers type coupon codes at checkout; most are mistyped or guessed,
 * and the gate answers those without a query. jOOQ's rendered SQL (quoted, schema-qualified,
 * cast-wrapped binds) is recognised like hand-written SQL.
 */
public final class HikariJooqExample {

    // What jOOQ's code generator would give you as COUPONS, COUPONS.CODE, COUPONS.PERCENT_OFF.
    static final Table<Record> COUPONS = table(name("EX_COUPONS"));
    static final Field<String> CODE = field(name("EX_COUPONS", "CODE"), String.class);
    static final Field<Integer> PERCENT_OFF = field(name("EX_COUPONS", "PERCENT_OFF"), Integer.class);

    /** The discount each entered code gives (null: no such coupon), and the guard's counters. */
    public record Result(Map<String, Integer> discounts, GuardStats stats) {
    }

    public static void main(String[] args) throws SQLException {
        System.setProperty("org.jooq.no-logo", "true");
        System.setProperty("org.jooq.no-tips", "true");
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl("jdbc:h2:mem:coupons;DB_CLOSE_DELAY=-1");
        config.setUsername("sa");
        try (HikariDataSource pool = new HikariDataSource(config)) {
            Result result = run(pool);
            long valid = result.discounts().values().stream().filter(d -> d != null).count();
            System.out.printf("%d codes entered, %d valid; %d lookups answered without a query%n",
                    result.discounts().size(), valid, result.stats().avoided());
        }
    }

    /** Creates {@code ex_coupons} (500 codes) through {@code pool}, then redeems 2,000 entered codes with jOOQ. */
    public static Result run(DataSource pool) throws SQLException {
        DSLContext setup = DSL.using(pool, SQLDialect.H2);
        setup.execute("CREATE TABLE ex_coupons (code VARCHAR(32) PRIMARY KEY, percent_off INT NOT NULL)");
        setup.execute("INSERT INTO ex_coupons SELECT 'SAVE-' || X, 5 + MOD(X, 20) FROM SYSTEM_RANGE(1, 500)");

        try (BloomGate gate = BloomGate.builder(pool).guard("ex_coupons", "code").build()) {
            DSLContext db = DSL.using(gate.dataSource(), SQLDialect.H2);   // jOOQ on top of the gate
            db.insertInto(COUPONS).set(CODE, "WELCOME").set(PERCENT_OFF, 15).execute(); // enters the filter

            Map<String, Integer> discounts = new LinkedHashMap<>();
            for (int i = 1; i <= 2_000; i++) {
                String entered = i % 40 == 0 ? "SAVE-" + i / 4 : "SAVE" + i;   // 1 in 40 is a real code
                discounts.put(entered, discount(db, entered));
            }
            discounts.put("WELCOME", discount(db, "WELCOME"));
            System.out.print(gate.report().toText());
            return new Result(discounts, gate.stats("ex_coupons", "code"));
        }
    }

    /** The coupon's discount, or null if there is no such code: a point lookup the gate may answer. */
    static Integer discount(DSLContext db, String code) {
        return db.select(PERCENT_OFF).from(COUPONS).where(CODE.eq(code)).fetchOne(PERCENT_OFF);
    }

    private HikariJooqExample() {
    }
}
