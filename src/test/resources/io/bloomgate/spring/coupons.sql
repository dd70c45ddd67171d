-- Rows for a table Hibernate creates (spring.jpa.defer-datasource-initialization=true runs this after it)
INSERT INTO coupon (id, code) VALUES (1, 'SPRING-1');
INSERT INTO coupon (id, code) VALUES (2, 'SPRING-2');
INSERT INTO coupon (id, code) VALUES (3, 'SPRING-3');
