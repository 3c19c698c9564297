package mana.apigen;

import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.type.ArrayType;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The hand-written members of one upper-half class (or nested class). */
final class Partial {

    final TypeDeclaration<?> type;
    final Set<String> callables = new HashSet<>();
    final Set<String> fields = new HashSet<>();
    final Map<String, TypeDeclaration<?>> nested = new LinkedHashMap<>();

    Partial(TypeDeclaration<?> type) {
        this.type = type;
        for (BodyDeclaration<?> m : type.getMembers()) {
            if (m instanceof CallableDeclaration<?> c) {
                callables.add(key(c));
            } else if (m instanceof FieldDeclaration f) {
                f.getVariables().forEach(v -> fields.add(v.getNameAsString()));
            } else if (m instanceof TypeDeclaration<?> t) {
                nested.put(t.getNameAsString(), t);
            }
        }
    }

    Optional<Partial> nested(String simpleName) {
        TypeDeclaration<?> t = nested.get(simpleName);
        return t == null ? Optional.empty() : Optional.of(new Partial(t));
    }

    /** Same key as {@link ApiSurface#key}: name and erased simple parameter types. */
    static String key(CallableDeclaration<?> c) {
        StringBuilder sb = new StringBuilder(c instanceof ConstructorDeclaration ? "<init>" : c.getNameAsString());
        sb.append('(');
        boolean first = true;
        for (Parameter p : c.getParameters()) {
            if (!first) {
                sb.append(',');
            }
            first = false;
            sb.append(simpleName(p.getType(), c));
            if (p.isVarArgs()) {
                sb.append("[]");
            }
        }
        return sb.append(')').toString();
    }

    private static String simpleName(Type t, CallableDeclaration<?> c) {
        if (t instanceof ArrayType a) {
            return simpleName(a.getComponentType(), c) + "[]";
        }
        if (t instanceof ClassOrInterfaceType ct) {
            String id = ct.getName().getIdentifier();
            // a method type variable erases to its first bound
            for (var tp : c.getTypeParameters()) {
                if (tp.getNameAsString().equals(id)) {
                    return tp.getTypeBound().isEmpty() ? "Object" : tp.getTypeBound().get(0).getName().getIdentifier();
                }
            }
            return id;
        }
        return t.asString();
    }
}
